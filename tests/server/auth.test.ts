import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, CAPTCHA, captcha, PASSWORD, randomCpf, registerPlayer } from './helpers';
import { sha256Hex } from '../../server/infra/security/tokens';
import { hashPassword, verifyPassword } from '../../server/infra/security/passwords';
import { CAPTCHA_ALPHABET } from '../../server/modules/auth/captcha.service';
import { TAKEN_PER_HOUR } from '../../server/modules/auth/auth.service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const userCount = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function registerBody(extra: Record<string, unknown> = {}) {
  return {
    name: 'João Souza',
    cardNo: randomCpf(),
    username: `joao${Math.random().toString(36).slice(2)}@exemplo.com`,
    country: '+55',
    phone: '21999990000',
    pwd: PASSWORD,
    pwd1: PASSWORD,
    codeId: await captcha(app),
    captCode: CAPTCHA,
    ...extra,
  };
}

describe('captcha', () => {
  it('serves a PNG image for a numeric id below 100 million, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/user/captcha/12345678' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('refuses an id that is not a number below 100 million', async () => {
    const res = await call(app, { method: 'GET', url: '/api/auth/user/captcha/123456789' });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Código de verificação incorreto');
  });

  it('draws a random answer per image that only the image shows, and the drawn answer works', async () => {
    const other = await buildTestApp({ captchaFixed: undefined });
    try {
      const pictures: Buffer[] = [];
      for (let id = 1; id <= 6; id++) {
        pictures.push(
          (await other.inject({ method: 'GET', url: `/api/auth/user/captcha/${id}` })).rawPayload,
        );
      }
      // Pixels only: no text chunk, nothing but the picture a script could read the answer from.
      for (const png of pictures) expect(chunkTypes(png)).toEqual(['IHDR', 'IDAT', 'IEND']);
      // The answer is known only as its digest: found by trying every word of the alphabet.
      const rows = await other.ctx.db.selectFrom('captchas').select(['code_id', 'answer_hash']).execute();
      const hashes = new Map(rows.map((r) => [r.answer_hash, r.code_id]));
      const answers = new Map<string, string>();
      for (const word of captchaWords()) {
        const codeId = hashes.get(sha256Hex(word));
        if (codeId) answers.set(codeId, word);
      }
      expect(answers.size).toBe(6);
      expect(new Set(answers.values()).size).toBeGreaterThan(1);
      // Asking again for an id replaces its answer: one row per id.
      await other.inject({ method: 'GET', url: '/api/auth/user/captcha/1' });
      expect(
        await other.ctx.db.selectFrom('captchas').selectAll().where('code_id', '=', '1').execute(),
      ).toHaveLength(1);

      const res = await call(other, {
        method: 'POST',
        url: '/api/auth/user/restRegister',
        payload: { ...(await registerBody()), codeId: '6', captCode: answers.get('6')!.toUpperCase() },
      });
      expect(res.code).toBe(200);
    } finally {
      await other.close();
    }
  });
});

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at))
    types.push(png.toString('ascii', at + 4, at + 8));
  return types;
}

/** Every four-letter word of the captcha's alphabet (27⁴, about half a million). */
function* captchaWords(): Generator<string> {
  const alphabet = CAPTCHA_ALPHABET;
  for (const a of alphabet)
    for (const b of alphabet) for (const c of alphabet) for (const d of alphabet) yield a + b + c + d;
}

describe('restRegister', () => {
  it('creates the account and returns data.access_token', async () => {
    const body = await registerBody();
    const res = await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: body });
    expect(res.code).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data.access_token).toMatch(/^[\w-]{43}$/);
    const info = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(res.body.data.access_token),
    });
    expect(info.body.data.email).toBe(body.username);
  });

  it('hashes passwords with argon2id at m = 19 MiB, t = 2, p = 1 outside test runs', async () => {
    const cost = process.env.TREVO_PASSWORD_COST;
    delete process.env.TREVO_PASSWORD_COST;
    try {
      const hash = await hashPassword('Trevo#Forte2026');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword('Trevo#Forte2026', hash)).toBe(true);
    } finally {
      process.env.TREVO_PASSWORD_COST = cost;
    }
  });

  it('stores the password as argon2id (at the test runs’ least cost) and accepts 64 characters', async () => {
    const body = await registerBody({ pwd: 'Ab1!'.repeat(16), pwd1: 'Ab1!'.repeat(16) });
    expect(
      (await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: body })).code,
    ).toBe(200);
    const row = await app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
  });

  it('lowercases the e-mail and accepts a formatted CPF', async () => {
    const cpf = randomCpf();
    const body = await registerBody({
      username: 'Ana.Lima@Exemplo.COM',
      cardNo: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    });
    const res = await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: body });
    expect(res.code).toBe(200);
    const row = await app.ctx.db
      .selectFrom('users')
      .select(['username', 'cpf'])
      .where('cpf', '=', cpf)
      .executeTakeFirst();
    expect(row).toEqual({ username: 'ana.lima@exemplo.com', cpf });
  });

  it('accepts a form-encoded body like JSON', async () => {
    const body = await registerBody();
    const res = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body as Record<string, string>).toString(),
    });
    expect(res.code).toBe(200);
  });

  const refusals: Array<[string, Record<string, unknown>, number, string]> = [
    ['an invalid CPF', { cardNo: '123.456.789-00' }, 400, 'CPF inválido'],
    ['a CPF of equal digits', { cardNo: '11111111111' }, 400, 'CPF inválido'],
    ['mismatched passwords', { pwd1: 'Outra#Senha2026' }, 400, 'As senhas não coincidem'],
    ['a short password', { pwd: 'a1!', pwd1: 'a1!' }, 400, 'A senha deve ter de 8 a 64 caracteres'],
    [
      'a 65-character password',
      { pwd: 'x'.repeat(65), pwd1: 'x'.repeat(65) },
      400,
      'A senha deve ter de 8 a 64 caracteres',
    ],
    [
      'a common password',
      { pwd: 'Password123', pwd1: 'Password123' },
      400,
      'Esta senha é comum demais; escolha outra',
    ],
    ['an invalid e-mail', { username: 'nao-e-email' }, 400, 'Informe um e-mail válido'],
    ['a wrong captcha', { captCode: 'zzzz' }, 400, 'Código de verificação incorreto'],
    ['an empty captcha', { captCode: '' }, 400, 'Por favor verifique'],
    ['an extra field', { balance: 1000 }, 400, 'Campo não permitido: balance'],
    ['an unknown invite code', { regcode: 'NOPE1234' }, 400, 'Código de convite inválido'],
    [
      'an under-18 birth date',
      { birthDate: `${new Date().getUTCFullYear() - 17}-01-01` },
      400,
      'É preciso ter mais de 18 anos para se cadastrar',
    ],
    ['a 1 MB name', { name: 'a'.repeat(1024 * 1024) }, 413, 'Requisição grande demais'],
    ['a long name', { name: 'a'.repeat(5000) }, 400, 'O campo name é longo demais'],
  ];
  for (const [what, extra, code, message] of refusals) {
    it(`refuses ${what} with a clear message and stores nothing`, async () => {
      const before = await userCount();
      const res = await call(app, {
        method: 'POST',
        url: '/api/auth/user/restRegister',
        payload: await registerBody(extra),
      });
      expect(res.code).toBe(code);
      expect(res.body.message).toBe(message);
      expect(res.body.data).toBeNull();
      expect(await userCount()).toBe(before);
    });
  }

  it('names a missing field', async () => {
    const body = await registerBody();
    delete (body as Record<string, unknown>).cardNo;
    const res = await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: body });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Preencha o campo CPF');
  });

  it('refuses an e-mail or a CPF that already has an account', async () => {
    const first = await registerBody();
    expect(
      (await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: first })).code,
    ).toBe(200);
    const sameEmail = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: await registerBody({ username: first.username.toUpperCase() }),
    });
    expect(sameEmail.code).toBe(409);
    expect(sameEmail.body.message).toBe('Este e-mail já está cadastrado');
    const sameCpf = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: await registerBody({ cardNo: first.cardNo }),
    });
    expect(sameCpf.code).toBe(409);
    expect(sameCpf.body.message).toBe('Este CPF já está cadastrado');
  });

  it('tells an address whether an e-mail or CPF is taken at most 5 times an hour (enumeration)', async () => {
    const other = await buildTestApp();
    try {
      const first = await registerBody();
      const register = async (payload: Record<string, unknown>, ip: string) =>
        call(other, {
          method: 'POST',
          url: '/api/auth/user/restRegister',
          payload: { ...payload, codeId: await captcha(other), captCode: CAPTCHA },
          remoteAddress: ip,
        });
      expect((await register(first, '10.9.0.1')).code).toBe(200);
      // A new account from the same address is no question about anyone: it does not count.
      expect((await register(await registerBody(), '10.9.0.2')).code).toBe(200);
      for (let i = 0; i < TAKEN_PER_HOUR; i++) {
        const payload = i % 2 ? await registerBody({ cardNo: first.cardNo }) : first;
        expect((await register(payload, '10.9.0.2')).code).toBe(409);
      }
      const sixth = await register(await registerBody({ cardNo: first.cardNo }), '10.9.0.2');
      expect(sixth.code).toBe(429);
      // The address now waits for any registration: answering a free one but not a taken one would
      // tell the same thing. Another address still gets its answer.
      expect((await register(await registerBody(), '10.9.0.2')).code).toBe(429);
      expect((await register(first, '10.9.0.3')).code).toBe(409);
    } finally {
      await other.close();
    }
  });

  it('uses each captcha once and refuses an expired one', async () => {
    const body = await registerBody();
    expect(
      (await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: body })).code,
    ).toBe(200);
    const reused = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      payload: { ...(await registerBody()), codeId: body.codeId },
    });
    expect(reused.code).toBe(400);
    expect(reused.body.message).toBe('Código de verificação incorreto');

    const late = await registerBody();
    await app.ctx.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_id', '=', late.codeId)
      .execute();
    const expired = await call(app, { method: 'POST', url: '/api/auth/user/restRegister', payload: late });
    expect(expired.code).toBe(400);
    expect(expired.body.message).toBe('O código de verificação expirou, tente outro');
  });

  it('links the referrer from a valid invite code', async () => {
    const referrer = await registerPlayer(app);
    const info = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(referrer.token),
    });
    await registerPlayer(app, { regcode: info.body.data.yqm.toLowerCase() });
    const after = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(referrer.token),
    });
    expect(after.body.data.level1Person).toBe(1);
  });

  it('answers in English when the request asks for en_US', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restRegister',
      headers: { lang: 'en_US' },
      payload: await registerBody({ cardNo: '12345678900' }),
    });
    expect(res.body.message).toBe('Invalid CPF');
  });
});

describe('restLogin and logout', () => {
  it('logs in with the e-mail in any case and issues a new token each time', async () => {
    const player = await registerPlayer(app);
    const login = async () =>
      call(app, {
        method: 'POST',
        url: '/api/auth/user/restLogin',
        payload: {
          username: player.email.toUpperCase(),
          pwd: PASSWORD,
          codeId: await captcha(app),
          captCode: CAPTCHA,
        },
      });
    const a = await login();
    const b = await login();
    expect(a.code).toBe(200);
    expect(a.body.data.access_token).not.toBe(b.body.data.access_token);
    expect(a.body.data.access_token).not.toBe(player.token);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const player = await registerPlayer(app);
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: {
        username: player.email,
        pwd: 'Errada#Senha2026',
        codeId: await captcha(app),
        captCode: CAPTCHA,
      },
    });
    const unknown = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: {
        username: 'ninguem@exemplo.com',
        pwd: 'Errada#Senha2026',
        codeId: await captcha(app),
        captCode: CAPTCHA,
      },
    });
    expect(wrong.code).toBe(400);
    expect({ code: unknown.code, body: unknown.body }).toEqual({ code: wrong.code, body: wrong.body });
    expect(wrong.body.message).toBe('Usuário ou senha incorretos');
  });

  it('refuses a login without a correct captcha before looking at the password', async () => {
    const player = await registerPlayer(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: player.email, pwd: PASSWORD, codeId: await captcha(app), captCode: 'nope' },
    });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Código de verificação incorreto');
  });

  it('revokes the token on logout: the next call answers 401 with body 40101', async () => {
    const player = await registerPlayer(app);
    expect(
      (await call(app, { method: 'POST', url: '/api/auth/user/logout', headers: auth(player.token) })).code,
    ).toBe(200);
    const after = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(player.token),
    });
    expect(after.code).toBe(401);
    expect(after.body.status).toBe(40101);
    expect(after.body.message).toBe('Por favor, faça login novamente');
  });

  it('accepts the bare token the original client sent', async () => {
    const player = await registerPlayer(app);
    const res = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: { authorization: player.token },
    });
    expect(res.code).toBe(200);
  });

  it('times out a session idle for 30 minutes and one older than 12 hours', async () => {
    const idle = await registerPlayer(app);
    const old = await registerPlayer(app);
    const sessionOf = async (token: string) => {
      const { sha256Hex } = await import('../../server/infra/security/tokens');
      return app.ctx.db.updateTable('sessions').where('token_hash', '=', sha256Hex(token));
    };
    await (await sessionOf(idle.token)).set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).execute();
    await (await sessionOf(old.token)).set({ expires_at: new Date(Date.now() - 1000) }).execute();
    for (const token of [idle.token, old.token]) {
      const res = await call(app, { method: 'GET', url: '/api/app/user/userInfo', headers: auth(token) });
      expect(res.code).toBe(401);
      expect(res.body).toMatchObject({ status: 40101, message: 'O login expirou, entre novamente' });
    }
  });
});
