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
    const demoted = await call(app, {
      method: 'PUT',
      url: `/api/admin/operators/${me.body.data.id}`,
      headers: admin,
      payload: { role: 'support' },
    });
    expect(demoted.code).toBe(400);
    expect(demoted.body.message).toBe('Você não pode mudar o seu próprio perfil');
    expect(
      (await call(app, { method: 'GET', url: '/api/admin/auth/me', headers: admin })).body.data.role,
    ).toBe('admin');
    const unknown = await call(app, {
      method: 'POST',
      url: '/api/admin/operators/999999/disable',
      headers: admin,
      payload: { reason: 'Conta inexistente' },
    });
    expect(unknown.code).toBe(404);
  });
});

describe('the audit log (issue 19, item 6)', () => {
  const audit = async (query: string) => {
    const res = await call(app, { method: 'GET', url: `/api/admin/audit?${query}`, headers: admin });
    expect(res.code, res.body.message).toBe(200);
    return res.body.data as {
      list: Array<{ seq: number; actor: string; action: string; object: string }>;
      total: number;
    };
  };

  it('finds who did what by operator, action family, object and São Paulo day, newest first, in pages', async () => {
    const created = await create(`auditado_${Date.now()}`);
    const id = created.body.data.id as number;
    await call(app, {
      method: 'POST',
      url: `/api/admin/operators/${id}/disable`,
      headers: admin,
      payload: { reason: '=HYPERLINK("http://x")' },
    });

    const mine = await audit(`object=${encodeURIComponent(`operator:${id}`)}`);
    expect(mine.list.map((r) => r.action)).toEqual(['operator.disable', 'operator.create']);
    expect(mine.list.every((r) => r.actor === 'operador')).toBe(true);
    expect(mine.list[0]!.seq).toBeGreaterThan(mine.list[1]!.seq);

    // The family finds every operator action; the exact name only its own; the actor in any case.
    const family = await audit('action=operator');
    expect(family.list.some((r) => r.action === 'operator.disable')).toBe(true);
    expect(family.list.every((r) => r.action.startsWith('operator.'))).toBe(true);
    expect((await audit('action=operator.disable')).list.every((r) => r.action === 'operator.disable')).toBe(
      true,
    );
    expect((await audit('actor=OPERADOR&size=1')).list).toHaveLength(1);
    expect((await audit('actor=ninguem')).total).toBe(0);

    const day = (offset: number) =>
      new Date(Date.now() - 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`object=operator:${id}&from=${day(0)}&to=${day(0)}`)).total).toBe(2);
    expect((await audit(`object=operator:${id}&from=${day(-1)}&to=${day(-1)}`)).total).toBe(0);

    const second = await audit(`object=operator:${id}&size=1&page=2`);
    expect(second).toMatchObject({ total: 2, list: [{ action: 'operator.create' }] });

    // The export: every match, pt-BR headers, and a reason that looks like a formula stays text.
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?object=operator:${id}&format=csv`,
      headers: admin,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Sequência";"Quando (São Paulo)";"Operador";"Ação";"Objeto";"Antes";"Depois";"Pedido"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"operator.disable"');
    expect(lines[1]).not.toContain(';"=');
  });

  it('refuses a malformed filter in words', async () => {
    for (const query of [
      'action=DROP%20TABLE',
      'from=2026-11-02&to=2026-11-01',
      'from=2026-13-01',
      'format=csv&to=2026-00-10',
      'size=1000',
      'format=xml',
    ]) {
      const res = await call(app, { method: 'GET', url: `/api/admin/audit?${query}`, headers: admin });
      expect(res.code, query).toBe(400);
      expect(res.body.message, query).toMatch(/^[A-ZÀ-Ú]/);
    }
  });
});
