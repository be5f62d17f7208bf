import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call } from './helpers';
import { verifyAuditChain } from '../../server/platform/audit-trail';

/**
 * Operator accounts an admin can trust (issue 19, item 9): one account per username whatever its
 * case, and an account that can be disabled with a reason, its sessions ending at once.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
const PWD = 'Operador#Seguro2026';
const login = (username: string) =>
  call(app, { method: 'POST', url: '/api/admin/auth/login', payload: { username, pwd: PWD } });
const create = (username: string) =>
  call(app, {
    method: 'POST',
    url: '/api/admin/operators',
    headers: admin,
    payload: { username, pwd: PWD, role: 'finance' },
  });

beforeAll(async () => {
  app = await buildTestApp();
  admin = auth((await login('operador')).body.data.access_token as string);
});
afterAll(async () => {
  await app.close();
});

describe('operator accounts', () => {
  it('treats usernames that differ only by case as one account', async () => {
    const created = await create('Caixa.Norte');
    expect(created.code, created.body.message).toBe(200);
    const twin = await create('caixa.norte');
    expect(twin.code).toBe(409);
    expect(twin.body.message).toBe('Já existe um operador com este usuário');
    // Signing in works in any case and is the same account.
    const signedIn = await login('CAIXA.NORTE');
    expect(signedIn.code, signedIn.body.message).toBe(200);
    const me = await call(app, {
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: auth(signedIn.body.data.access_token),
    });
    expect(me.body.data).toMatchObject({ id: created.body.data.id, username: 'Caixa.Norte' });
  });

  it('disables an account with a reason: its open session ends at once and it cannot sign in', async () => {
    const created = await create(`caixa_${Date.now()}`);
    const id = created.body.data.id as number;
    const session = auth((await login(created.body.data.username)).body.data.access_token);
    const withdrawals = () => call(app, { method: 'GET', url: '/api/admin/withdrawals', headers: session });
    expect((await withdrawals()).code).toBe(200);

    const noReason = await call(app, {
      method: 'POST',
      url: `/api/admin/operators/${id}/disable`,
      headers: admin,
      payload: {},
    });
    expect(noReason.code).toBe(400);
    expect(noReason.body.message).toBe('Informe o motivo (ao menos 5 letras)');
    const disabled = await call(app, {
      method: 'POST',
      url: `/api/admin/operators/${id}/disable`,
      headers: admin,
      payload: { reason: 'Saiu da empresa' },
    });
    expect(disabled.code, disabled.body.message).toBe(200);
    expect((await withdrawals()).code).toBe(401);
    const again = await login(created.body.data.username);
    expect(again.code).toBe(403);
    expect(again.body.message).toBe('Este acesso de operador foi desativado');
    // A wrong password still answers as for anyone: the state is said only to who knows it.
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: created.body.data.username, pwd: 'Errada#Senha2026' },
    });
    expect(wrong.code).toBe(400);

    const list = await call(app, { method: 'GET', url: '/api/admin/operators', headers: admin });
    expect(list.body.data.find((o: { id: number }) => o.id === id).disabled).toMatchObject({
      reason: 'Saiu da empresa',
    });

    const enabled = await call(app, {
      method: 'POST',
      url: `/api/admin/operators/${id}/enable`,
      headers: admin,
    });
    expect(enabled.code).toBe(200);
    expect((await login(created.body.data.username)).code).toBe(200);
    const actions = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `operator:${id}`)
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'operator.create',
      'operator.login',
      'operator.disable',
      'operator.enable',
      'operator.login',
    ]);
    expect((await verifyAuditChain(app.ctx.db)).problems).toEqual([]);
  });

  it('refuses to disable one’s own account, and an unknown one', async () => {
    const me = await call(app, { method: 'GET', url: '/api/admin/auth/me', headers: admin });
    const self = await call(app, {
      method: 'POST',
      url: `/api/admin/operators/${me.body.data.id}/disable`,
      headers: admin,
      payload: { reason: 'Teste de autodesativação' },
    });
    expect(self.code).toBe(400);
    expect(self.body.message).toBe('Você não pode desativar o seu próprio acesso');
    const unknown = await call(app, {
      method: 'POST',
      url: '/api/admin/operators/999999/disable',
      headers: admin,
      payload: { reason: 'Conta inexistente' },
    });
    expect(unknown.code).toBe(404);
  });
});
