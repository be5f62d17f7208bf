import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, CAPTCHA, captcha, PASSWORD, randomCpf } from './helpers';
import { saoPauloDate } from '../../domain/identity';

let app: FastifyInstance;
let regulated: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  regulated = await buildTestApp({}, { TREVO_PROFILE: 'br-regulated' });
});
afterAll(async () => {
  await app.close();
  await regulated.close();
});

let counter = 0;

/** Sends a registration with these extra fields and returns the answer and the e-mail used. */
async function register(instance: FastifyInstance, extra: Record<string, unknown>) {
  const email = `idade${Date.now()}_${counter++}@exemplo.com.br`;
  const res = await call(instance, {
    method: 'POST',
    url: '/api/auth/user/restRegister',
    payload: {
      cardNo: randomCpf(),
      username: email,
      country: '+55',
      pwd: PASSWORD,
      pwd1: PASSWORD,
      codeId: await captcha(instance),
      captCode: CAPTCHA,
      ...extra,
    },
  });
  return { res, email };
}

/** The birth date of someone who turns `years` old `dayShift` days from today in São Paulo. */
function birthDateFor(years: number, dayShift = 0): string {
  const [y, m, d] = saoPauloDate().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + dayShift)).toISOString().slice(0, 10);
}

const stored = (instance: FastifyInstance, email: string) =>
  instance.ctx.db.selectFrom('users').select('birth_date').where('username', '=', email).executeTakeFirst();

describe('registration birthDate (18+)', () => {
  it('accepts someone who turns 18 today and keeps the date', async () => {
    const { res, email } = await register(app, { birthDate: birthDateFor(18) });
    expect(res.code, res.body.message).toBe(200);
    expect(await stored(app, email)).toEqual({ birth_date: birthDateFor(18) });
  });

  it('refuses someone who turns 18 tomorrow, in pt-BR, and stores nothing', async () => {
    const { res, email } = await register(app, { birthDate: birthDateFor(18, 1) });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('É preciso ter mais de 18 anos para se cadastrar');
    expect(await stored(app, email)).toBeUndefined();
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    for (const birthDate of ['17/05/1990', '1990-02-30', '']) {
      const { res } = await register(app, { birthDate });
      expect(res.code, birthDate).toBe(400);
    }
  });

  it('is required under TREVO_PROFILE=br-regulated, optional otherwise', async () => {
    const missing = await register(regulated, {});
    expect(missing.res.code).toBe(400);
    expect(missing.res.body.message).toBe('Informe a data de nascimento');
    expect(await stored(regulated, missing.email)).toBeUndefined();
    expect((await register(regulated, { birthDate: '1990-05-17' })).res.code).toBe(200);
    expect((await register(app, {})).res.code).toBe(200);
  });
});
