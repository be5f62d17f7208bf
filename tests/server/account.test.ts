import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, CAPTCHA, captcha, PASSWORD, registerPlayer } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const NEW_PASSWORD = 'Nova#SenhaBoa2026';

async function loginWith(email: string, pwd: string) {
  return call(app, {
    method: 'POST',
    url: '/api/auth/user/restLogin',
    payload: { username: email, pwd, codeId: await captcha(app), captCode: CAPTCHA },
  });
}

async function mailbox(
  to: string,
): Promise<Array<{ to: string; subject: string; text: string; sentAt: string }>> {
  const res = await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('userInfo, getBalance, setHeader', () => {
  it('carries every field of the user-info entity with true empty values', async () => {
    const player = await registerPlayer(app);
    const res = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(player.token),
    });
    expect(res.code).toBe(200);
    const info = res.body.data;
    for (const field of [
      'uId',
      'name',
      'username',
      'email',
      'balance',
      'payAmount',
      'level',
      'header',
      'yqm',
      'time',
      'extendInfo',
      'testFlag',
      'paySumAmount',
      'wdSumAmount',
      'gameSumAmount',
      'level1Amount',
      'level2Amount',
      'level3Amount',
      'level1Person',
      'level2Person',
      'level3Person',
      'nextlevel',
      'kyc',
      'lx',
      'payDiscount',
      'paypackage',
      'bonusBalance',
      'freeBalance',
    ]) {
      expect(info, field).toHaveProperty(field);
    }
    // The player's own CPF and phone, so the identity and withdrawal forms start filled.
    expect([info.cpf, info.phone]).toEqual([player.cpf, '11987654321']);
    expect(info).toMatchObject({
      username: player.email,
      email: player.email,
      name: 'Maria Silva',
      balance: 0,
      level: 0,
      header: 1,
      kyc: 0,
      lx: '10',
      testFlag: 0,
      nextlevel: { paySumAmount: 100, gameSumAmount: 500 },
      paypackage: { FPDATA: { fcOpen: true }, FCDATA: { fcOpen: false, fcCountdown: 0 } },
    });
    // Spec 4: after registration the first-deposit offer is open, counting down from 24 hours.
    expect(info.paypackage.FPDATA.fcCountdown).toBeGreaterThan(24 * 3600 - 60);
    expect(info.paypackage.FPDATA.fcCountdown).toBeLessThanOrEqual(24 * 3600);
    expect(info.uId).toBeGreaterThanOrEqual(100000);
    expect(info.yqm).toMatch(/^[A-Z2-9]{8}$/);
    expect(new Date(info.time).toString()).not.toBe('Invalid Date');
  });

  it('answers 401 / 40101 without a token', async () => {
    const res = await call(app, { method: 'GET', url: '/api/app/user/userInfo' });
    expect(res.code).toBe(401);
    expect(res.body).toMatchObject({ status: 40101, message: 'Por favor, faça login primeiro' });
  });

  it('reports balances from getBalance', async () => {
    const player = await registerPlayer(app);
    const res = await call(app, {
      method: 'GET',
      url: '/api/app/user/getBalance',
      headers: auth(player.token),
    });
    expect(res.body.data).toEqual({ balance: 0, bonusBalance: 0, freeBalance: 0 });
  });

  it('sets an avatar between 1 and 36 and refuses others', async () => {
    const player = await registerPlayer(app);
    expect(
      (await call(app, { method: 'GET', url: '/api/app/user/setHeader/36', headers: auth(player.token) }))
        .code,
    ).toBe(200);
    for (const bad of ['0', '37', 'abc', '1.5', '-1']) {
      const res = await call(app, {
        method: 'GET',
        url: `/api/app/user/setHeader/${bad}`,
        headers: auth(player.token),
      });
      expect(res.code, bad).toBe(400);
      expect(res.body.message).toBe('Avatar inválido');
    }
    const info = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(player.token),
    });
    expect(info.body.data.header).toBe(36);
  });
});

describe('changePwd', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const player = await registerPlayer(app);
    const other = (await loginWith(player.email, PASSWORD)).body.data.access_token as string;

    const wrong = await call(app, {
      method: 'POST',
      url: '/api/app/user/changePwd',
      headers: auth(player.token),
      payload: { oldPwd: 'Errada#2026x', nPwd: NEW_PASSWORD },
    });
    expect(wrong.code).toBe(400);
    expect(wrong.body.message).toBe('Senha atual incorreta');

    const common = await call(app, {
      method: 'POST',
      url: '/api/app/user/changePwd',
      headers: auth(player.token),
      payload: { oldPwd: PASSWORD, nPwd: '12345678' },
    });
    expect(common.body.message).toBe('Esta senha é comum demais; escolha outra');

    const res = await call(app, {
      method: 'POST',
      url: '/api/app/user/changePwd',
      headers: auth(player.token),
      payload: { oldPwd: PASSWORD, nPwd: NEW_PASSWORD },
    });
    expect(res.code).toBe(200);
    expect(
      (await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(player.token) })).code,
    ).toBe(200);
    expect(
      (await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(other) })).code,
    ).toBe(401);
    expect((await loginWith(player.email, PASSWORD)).code).toBe(400);
    expect((await loginWith(player.email, NEW_PASSWORD)).code).toBe(200);
  });
});

describe('password reset through the mailbox', () => {
  it('mails a code, exchanges it for a chkId, sets the new password once and ends every session', async () => {
    const player = await registerPlayer(app);
    const sent = await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(player.email)}`,
    });
    expect(sent.code).toBe(200);
    expect(sent.body.message).toBe('Enviado com sucesso');
    const [mail] = await mailbox(player.email);
    expect(mail!.subject).toContain('redefinir');
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;

    const checked = await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/checkEmail',
      payload: { email: player.email, code },
    });
    expect(checked.code).toBe(200);
    const chkId = checked.body.data as string;
    expect(chkId).toMatch(/^[\w-]{32}$/);

    const set = await call(app, {
      method: 'POST',
      url: '/api/app/main/setPwd',
      payload: { nPwd: NEW_PASSWORD, chkId },
    });
    expect(set.code).toBe(200);
    expect(set.body.message).toBe('Senha alterada com sucesso');
    expect(
      (await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(player.token) })).code,
    ).toBe(401);
    expect((await loginWith(player.email, NEW_PASSWORD)).code).toBe(200);

    const again = await call(app, {
      method: 'POST',
      url: '/api/app/main/setPwd',
      payload: { nPwd: 'Outra#Senha2026', chkId },
    });
    expect(again.code).toBe(400);
    expect((await loginWith(player.email, 'Outra#Senha2026')).code).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      payload: { email: 'ninguem@exemplo.com' },
    });
    expect(res.code).toBe(200);
    expect(res.body.message).toBe('Enviado com sucesso');
    expect(await mailbox('ninguem@exemplo.com')).toEqual([]);
  });

  it('refuses a wrong code, and the right one after five wrong tries', async () => {
    const player = await registerPlayer(app);
    await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      payload: { email: player.email },
    });
    const code = /\b(\d{6})\b/.exec((await mailbox(player.email))[0]!.text)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/app/main/RESETPWD/checkEmail',
        payload: { email: player.email, code: wrongCode },
      });
      expect(res.code).toBe(400);
      expect(res.body.message).toBe('Código incorreto ou expirado');
    }
    const right = await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/checkEmail',
      payload: { email: player.email, code },
    });
    expect(right.code).toBe(400);
  });

  it('refuses an expired code, a missing e-mail and a weak new password', async () => {
    const player = await registerPlayer(app);
    await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      payload: { email: player.email },
    });
    const code = /\b(\d{6})\b/.exec((await mailbox(player.email))[0]!.text)![1]!;
    const missing = await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/checkEmail',
      payload: { code },
    });
    expect(missing.code).toBe(400);
    expect(missing.body.message).toBe('Preencha o campo e-mail');

    const chkId = (
      await call(app, {
        method: 'POST',
        url: '/api/app/main/RESETPWD/checkEmail',
        payload: { email: player.email, code },
      })
    ).body.data;
    const weak = await call(app, {
      method: 'POST',
      url: '/api/app/main/setPwd',
      payload: { nPwd: 'curta', chkId },
    });
    expect(weak.body.message).toBe('A senha deve ter de 8 a 64 caracteres');

    await app.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', player.email)
      .execute();
    const late = await call(app, {
      method: 'POST',
      url: '/api/app/main/setPwd',
      payload: { nPwd: NEW_PASSWORD, chkId },
    });
    expect(late.code).toBe(400);
    expect(late.body.message).toBe('Código incorreto ou expirado');
  });
});

describe('hand-off codes for /zgo', () => {
  it('exchanges a code once for a new session', async () => {
    const player = await registerPlayer(app);
    const created = await call(app, {
      method: 'POST',
      url: '/api/auth/user/handoff/create',
      headers: auth(player.token),
    });
    const code = created.body.data.code as string;
    expect(code).toMatch(/^[\w-]{8,64}$/);
    const first = await call(app, { method: 'POST', url: '/api/auth/user/handoff', payload: { code } });
    expect(first.code).toBe(200);
    const info = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(first.body.data.access_token),
    });
    expect(info.body.data.email).toBe(player.email);
    const second = await call(app, { method: 'POST', url: '/api/auth/user/handoff', payload: { code } });
    expect(second.code).toBe(400);
    expect(second.body.message).toBe('Link inválido ou expirado');
  });

  it('refuses a code older than 60 seconds', async () => {
    const player = await registerPlayer(app);
    const code = (
      await call(app, { method: 'POST', url: '/api/auth/user/handoff/create', headers: auth(player.token) })
    ).body.data.code;
    await app.ctx.db
      .updateTable('handoff_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .execute();
    expect((await call(app, { method: 'POST', url: '/api/auth/user/handoff', payload: { code } })).code).toBe(
      400,
    );
  });
});

describe('site calls', () => {
  it('counts real players in guestAnalysis', async () => {
    const before = (await call(app, { method: 'GET', url: '/api/app/main/guestAnalysis' })).body.data.number;
    await registerPlayer(app);
    const after = await call(app, { method: 'GET', url: '/api/app/main/guestAnalysis' });
    expect(after.body.data).toEqual({ number: before + 1, amount: 0 });
  });

  it('gives logged-in players the chat id and telegram as csid, and the promo gift waiting', async () => {
    const player = await registerPlayer(app);
    const csid = await call(app, { method: 'GET', url: '/api/app/main/csid', headers: auth(player.token) });
    expect(csid.body.message).toBe('chat-1#trevo_suporte');
    expect((await call(app, { method: 'GET', url: '/api/app/main/csid' })).code).toBe(401);
    const gift = await call(app, {
      method: 'GET',
      url: '/api/app/main/userGift',
      headers: auth(player.token),
    });
    // A new player has the configured promo gift to receive (promotions.test.ts covers receiving it).
    expect(gift.body.data).toBe(1);
  });

  it('answers unknown API paths with a 404 envelope and carries a request id', async () => {
    const res = await call(app, { method: 'GET', url: '/api/app/nothing/here' });
    expect(res.code).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'Não encontrado', data: null });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
