import { openSecret } from '../../server/infra/security/secret-box';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call } from './helpers';
import { hotp, matchTotp, totpCode, totpStep } from '../../server/modules/admin/totp';
import { verifyAuditChain } from '../../server/platform/audit-trail';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_OPERATOR_TOTP: 'required' });
});
afterAll(async () => {
  await app.close();
});

const PWD = 'Operador#Seguro2026';
let adminToken = '';
const login = (payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/admin/auth/login', payload });
const enrol = (username: string, pwd = PWD) =>
  call(app, { method: 'POST', url: '/api/admin/auth/totp/enrol', payload: { username, pwd } });

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors (6-digit truncation)', () => {
    // Secret "12345678901234567890" in base32; RFC 6238 appendix B, last 6 digits.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(secret, 20_000_000_000_000)).toBe('353130');
  });

  it('accepts one step either side of now and nothing further', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, hotp(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, hotp(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, hotp(secret, step + 2), now)).toBeNull();
    expect(matchTotp(secret, hotp(secret, step - 2), now)).toBeNull();
  });
});

describe('operator sign-in with password and TOTP', () => {
  it('enrols by QR URI, confirms with the first code, refuses replays and never shows the secret again', async () => {
    expect((await login({ username: 'operador', pwd: PWD })).body.message).toBe(
      'Cadastre o autenticador antes de entrar',
    );
    expect((await enrol('operador', 'x'.repeat(12))).body.message).toBe('Usuário ou senha incorretos');

    const started = await enrol('operador');
    expect(started.code).toBe(200);
    const secret = started.body.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.data.otpauthUri).toBe(
      `otpauth://totp/Trevo%3Aoperador?secret=${secret}&issuer=Trevo&algorithm=SHA1&digits=6&period=30`,
    );
    const stored = await app.ctx.db
      .selectFrom('operators')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('username', '=', 'operador')
      .executeTakeFirstOrThrow();
    // Sealed at rest with TREVO_SECRET_KEY: the database alone does not give the seed away.
    expect(stored.totp_secret).toBeNull();
    expect(stored.totp_pending_secret).toMatch(/^v1\./);
    expect(stored.totp_pending_secret).not.toContain(secret);
    expect(openSecret(app.ctx.config.secretKey, stored.totp_pending_secret!)).toBe(secret);

    const code = totpCode(secret);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await login({ username: 'operador', pwd: PWD, totp: wrong })).body.message).toBe(
      'Código do autenticador incorreto ou já usado',
    );
    const first = await login({ username: 'operador', pwd: PWD, totp: code });
    expect(first.code).toBe(200);
    expect(first.body.data.role).toBe('admin');
    const me = await call(app, {
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: auth(first.body.data.access_token),
    });
    expect(me.body.data).toMatchObject({ username: 'operador', role: 'admin', totpEnrolled: true });

    // The same code again, even within its 30 s, is a replay.
    const replay = await login({ username: 'operador', pwd: PWD, totp: code });
    expect(replay.code).toBe(400);
    expect(replay.body.message).toBe('Código do autenticador incorreto ou já usado');
    expect((await login({ username: 'operador', pwd: PWD })).body.message).toBe(
      'Informe o código do aplicativo autenticador',
    );
    // The next step's code (within the ±1 window) is a new code and passes.
    const next = hotp(secret, totpStep(Date.now()) + 1);
    const second = await login({ username: 'operador', pwd: PWD, totp: next });
    expect(second.code).toBe(200);
    adminToken = second.body.data.access_token as string;
    // Three steps ahead is outside the window.
    expect(
      (await login({ username: 'operador', pwd: PWD, totp: hotp(secret, totpStep(Date.now()) + 3) })).code,
    ).toBe(400);

    const confirmed = await app.ctx.db
      .selectFrom('operators')
      .select('totp_secret')
      .where('username', '=', 'operador')
      .executeTakeFirstOrThrow();
    expect(confirmed.totp_secret).toMatch(/^v1\./);
    expect(() => openSecret(Buffer.alloc(32, 7), confirmed.totp_secret!)).toThrow();

    const again = await enrol('operador');
    expect(again.code).toBe(409);
    expect(again.body.data).toBeNull();
    expect(JSON.stringify(me.body)).not.toContain(secret);

    const audit = await app.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'object'])
      .where('action', 'like', 'operator.totp%')
      .execute();
    expect(audit).toEqual([{ action: 'operator.totp.enrol', object: 'operator:1' }]);
  });

  it('lets an admin create operators, change a role and reset an authenticator, all audited', async () => {
    const headers = auth(adminToken);
    const created = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers,
      payload: { username: 'caixa1', pwd: 'Caixa#Seguro2026', role: 'finance' },
    });
    expect(created.code, created.body.message).toBe(200);
    const dup = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers,
      payload: { username: 'caixa1', pwd: 'Caixa#Seguro2026', role: 'support' },
    });
    expect(dup.code).toBe(409);
    expect(dup.body.message).toBe('Já existe um operador com este usuário');
    const badRole = await call(app, {
      method: 'POST',
      url: '/api/admin/operators',
      headers,
      payload: { username: 'caixa2', pwd: 'Caixa#Seguro2026', role: 'root' },
    });
    expect(badRole.code).toBe(400);

    const id = created.body.data.id as number;
    const changed = await call(app, {
      method: 'PUT',
      url: `/api/admin/operators/${id}`,
      headers,
      payload: { role: 'trader' },
    });
    expect(changed.body.data).toEqual({ id, role: 'trader' });
    const list = await call(app, { method: 'GET', url: '/api/admin/operators', headers });
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, username: 'caixa1', role: 'trader', totpEnrolled: false }),
      ]),
    );

    const reset = await call(app, { method: 'POST', url: `/api/admin/operators/${id}/totp/reset`, headers });
    expect(reset.code).toBe(200);
    const rows = await app.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'object', 'before_state', 'after_state'])
      .where('object', '=', `operator:${id}`)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['operator.create', 'operator.role', 'operator.totp.reset']);
    expect(JSON.parse(rows[1]!.before_state)).toEqual({ role: 'finance' });
    expect(JSON.parse(rows[1]!.after_state)).toEqual({ role: 'trader' });
    expect((await verifyAuditChain(app.ctx.db)).problems).toEqual([]);
  });

  it('throttles sign-in per account across addresses, and per address', async () => {
    const attempt = (ip: string, username = 'alvo') =>
      call(app, {
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: ip,
        payload: { username, pwd: 'x'.repeat(12) },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`10.0.0.${i + 1}`)).code).toBe(400);
    expect((await attempt('10.0.1.1')).code).toBe(429);
    expect((await attempt('10.0.1.1', 'outro')).code).toBe(400);
  });
});
