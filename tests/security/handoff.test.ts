import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  PASSWORD,
  registerPlayer,
  type Player,
} from '../server/helpers';

/**
 * A hand-off code (`/zgo{code}`) is good only while the session that made it is live (red-team
 * finding: a code minted by a stolen session outlived the password reset that ended the session,
 * and the attacker kept the account). Whatever ends a session voids its codes.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const login = async (p: Player, pwd = PASSWORD) =>
  (
    await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: p.email, pwd, codeId: await captcha(app), captCode: CAPTCHA },
    })
  ).body.data.access_token as string;
const mint = async (token: string) =>
  (await call(app, { method: 'POST', url: '/api/auth/user/handoff/create', headers: auth(token) })).body.data
    .code as string;
const exchange = (code: string) =>
  call(app, { method: 'POST', url: '/api/auth/user/handoff', payload: { code } });
const mailbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` })).json() as Array<{
    text: string;
  }>;

describe('hand-off codes die with their session', () => {
  it('after a password reset, a code minted by another session is refused', async () => {
    const player = await registerPlayer(app);
    const stolen = await login(player);
    const code = await mint(stolen);
    await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      payload: { email: player.email },
    });
    const resetCode = /\b(\d{6})\b/.exec((await mailbox(player.email)).at(-1)!.text)![1]!;
    const chkId = (
      await call(app, {
        method: 'POST',
        url: '/api/app/main/RESETPWD/checkEmail',
        payload: { email: player.email, code: resetCode },
      })
    ).body.data as string;
    const nPwd = 'Trevo#NovaSenha2026';
    expect(
      (await call(app, { method: 'POST', url: '/api/app/main/setPwd', payload: { nPwd, chkId } })).code,
    ).toBe(200);
    const res = await exchange(code);
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Link inválido ou expirado');
  });

  it('after a password change from another session, and after a logout', async () => {
    const player = await registerPlayer(app);
    const other = await login(player);
    const code = await mint(other);
    const changed = await call(app, {
      method: 'POST',
      url: '/api/app/user/changePwd',
      headers: auth(player.token),
      payload: { oldPwd: PASSWORD, nPwd: 'Trevo#Trocada2026' },
    });
    expect(changed.code).toBe(200);
    expect((await exchange(code)).code).toBe(400);

    const own = await mint(player.token);
    await call(app, { method: 'POST', url: '/api/auth/user/logout', headers: auth(player.token) });
    expect((await exchange(own)).code).toBe(400);
  });

  it('a code of a live session still works, once', async () => {
    const player = await registerPlayer(app);
    const code = await mint(player.token);
    expect((await exchange(code)).code).toBe(200);
    expect((await exchange(code)).code).toBe(400);
  });
});
