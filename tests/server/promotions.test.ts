import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { playerBalances } from '../../server/platform/money/ledger';
import {
  auth,
  buildTestApp,
  call,
  CAPTCHA,
  captcha,
  completeKyc,
  eventually,
  registerPlayer,
  userIdOf,
  type Player,
} from './helpers';

/**
 * Banners, promotions and sponsors from the operator configuration; the promo gift and the agent
 * rewards credited through the ledger exactly once, whatever races or replays happen (issue 7).
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
  await app.close();
});

let keyCounter = 0;
const key = () => `promo-${Date.now()}-${keyCounter++}`;
const get = (url: string, token?: string, lang?: string) =>
  call(app, {
    method: 'GET',
    url,
    headers: { ...(token ? auth(token) : {}), ...(lang ? { lang } : {}) },
  });
const receiveGift = (p: Player, k = key()) =>
  call(app, {
    method: 'POST',
    url: '/api/app/main/userGift/receive',
    headers: { ...auth(p.token), 'idempotency-key': k },
  });
const receiveBonus = (p: Player, bonusId: string, k = key()) =>
  call(app, {
    method: 'POST',
    url: '/api/app/bonus/receive',
    headers: { ...auth(p.token), 'idempotency-key': k },
    payload: { bonusId },
  });

describe('site content from the configuration', () => {
  it('serves banners, promotions and sponsors in the request language, pt-BR by default', async () => {
    const banners = (await get('/api/app/main/banners')).body.data;
    expect(banners.length).toBe(app.ctx.config.file.promotions.banners.length);
    expect(banners[0]).toMatchObject({ title: 'Presente de boas-vindas', link: '/bonuspage' });
    expect(banners[0].art).toMatch(/^\/promo\/.+\.svg$/);
    const english = (await get('/api/app/main/banners', undefined, 'en_US')).body.data;
    expect(english[0].title).toBe('Welcome gift');
    expect((await get('/api/app/main/banners', undefined, 'ja_JP')).body.data[0].title).toBe(
      'ウェルカムギフト',
    );
    const promotions = (await get('/api/app/main/promotions')).body.data;
    expect(promotions.map((p: { id: string }) => p.id)).toContain('presente');
    // A language the operator wrote no text in falls back to English, then to pt-BR (item 10).
    const russian = (await get('/api/app/main/promotions', undefined, 'ru_RU')).body.data;
    expect(russian[0].title).toBe('Welcome gift: R$ 5');
    const sponsors = (await get('/api/app/main/sponsors')).body.data;
    expect(sponsors.length).toBeGreaterThan(0);
    expect(sponsors[0]).toHaveProperty('name');
  });

  it("writes home's banners and sponsors in every language the site speaks (issue 18, item 10)", () => {
    const promo = app.ctx.config.file.promotions;
    const texts = [
      ...promo.banners.flatMap((b) => [b.title, b.subtitle]),
      ...promo.sponsors.map((s) => s.text),
    ];
    // The eight languages the interface is translated into (src/lib/i18n.ts UI_LANGUAGES).
    const site = ['en_US', 'id_ID', 'ja_JP', 'ko_KR', 'pt_BR', 'ru_RU', 'vi_VN', 'zh_CN'];
    for (const text of texts) expect(Object.keys(text).sort()).toEqual(site);
  });

  it('points every banner, promotion and sponsor at art that exists in public/', () => {
    const promo = app.ctx.config.file.promotions;
    const arts = [...promo.banners, ...promo.list, ...promo.sponsors].map((item) => item.art);
    expect(arts.filter((art) => !existsSync(`public${art}`))).toEqual([]);
  });
});

describe('the promo gift', () => {
  it('is offered to a new player, then credited once to the bonus wallet when two receives race', async () => {
    const p = await registerPlayer(app);
    const userId = await userIdOf(app, p);
    expect((await get('/api/app/main/userGift', p.token)).body.data).toBe(1);
    const list = (await get('/api/app/bonus/list', p.token)).body.data;
    expect(list.list).toEqual([{ bonusId: 'gift:boas-vindas', kind: 'gift', amount: 5 }]);

    const results = await Promise.all([receiveGift(p), receiveGift(p), receiveBonus(p, 'gift:boas-vindas')]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 409, 409]);
    const okOne = results.find((r) => r.code === 200)!;
    expect(okOne.body.data).toMatchObject({ bonusId: 'gift:boas-vindas', amount: 5, bonusBalance: 5 });
    expect(results.find((r) => r.code === 409)!.body.message).toBe('Este bônus já foi recebido');

    const balances = await playerBalances(app.ctx.db, userId);
    expect(balances).toMatchObject({ user_cash: 0, user_bonus: 500 });
    expect((await get('/api/app/main/userGift', p.token)).body.data).toBe(0);

    const after = (await get('/api/app/bonus/list', p.token)).body.data;
    expect(after.list).toEqual([]);
    expect(after.history[0]).toMatchObject({
      type: 141,
      source: 'promotion',
      amount: 5,
      detail: 'Presente de boas-vindas',
    });
    expect(after.bonusBalance).toBe(5);
    // Turnover: the bonus must be wagered twice (config turnover.bonus) before it turns into cash.
    expect(after.turnoverLeft).toBe(10);

    const records = (await get('/api/app/user/records?kind=wallet', p.token)).body.data.list;
    expect(records.filter((r: { type: number }) => r.type === 141)).toHaveLength(1);
  });

  it('keeps its banner on home only while the gift can still be received', async () => {
    const ids = async (token?: string) =>
      ((await get('/api/app/main/banners', token)).body.data as Array<{ id: string }>).map((b) => b.id);
    const p = await registerPlayer(app);
    expect(await ids()).toContain('boas-vindas');
    expect(await ids(p.token)).toContain('boas-vindas');
    expect((await receiveGift(p)).code).toBe(200);
    const after = await ids(p.token);
    expect(after).not.toContain('boas-vindas');
    // The other banners stay, and a visitor (or a dead token) still sees the offer.
    expect(after.length).toBe(app.ctx.config.file.promotions.banners.length - 1);
    expect(await ids()).toContain('boas-vindas');
    expect(await ids('not-a-token')).toContain('boas-vindas');
  });

  it('replays the first answer for the same idempotency key and credits nothing more', async () => {
    const p = await registerPlayer(app);
    const userId = await userIdOf(app, p);
    const k = key();
    const first = await receiveGift(p, k);
    const second = await receiveGift(p, k);
    expect(first.code).toBe(200);
    expect(second.code).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await playerBalances(app.ctx.db, userId)).user_bonus).toBe(500);
  });

  it('needs a login and an idempotency key, and offers nothing to a demo account', async () => {
    expect((await call(app, { method: 'GET', url: '/api/app/main/userGift' })).code).toBe(401);
    const p = await registerPlayer(app);
    const noKey = await call(app, {
      method: 'POST',
      url: '/api/app/main/userGift/receive',
      headers: auth(p.token),
    });
    expect(noKey.code).toBe(400);
    expect((await get('/api/app/main/userGift', p.token)).body.data).toBe(1);

    const demo = (await get('/api/app/user/getUserTest')).body.data;
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username: demo.username, pwd: demo.pwd, codeId: await captcha(app), captCode: CAPTCHA },
    });
    expect(login.code, login.body.message).toBe(200);
    const token = login.body.data.access_token as string;
    expect((await get('/api/app/main/userGift', token)).body.data).toBe(0);
    expect((await receiveGift({ token, email: '', cpf: '' })).code).toBe(404);
  });
});

describe('bonus receive', () => {
  it('refuses an unknown or malformed bonus id and changes nothing', async () => {
    const p = await registerPlayer(app);
    const userId = await userIdOf(app, p);
    const unknown = await receiveBonus(p, 'agent:3');
    expect(unknown.code).toBe(404);
    expect(unknown.body.message).toBe('Este bônus não está disponível para você');
    expect((await receiveBonus(p, 'vip:1')).code).toBe(400);
    expect((await receiveBonus(p, 'commission')).code).toBe(404);
    expect((await playerBalances(app.ctx.db, userId)).user_bonus).toBe(0);
  });

  it('answers 422 for a key reused with another bonus, 400 for an unknown field, and changes nothing', async () => {
    const p = await registerPlayer(app);
    const userId = await userIdOf(app, p);
    const k = key();
    expect((await receiveBonus(p, 'commission', k)).code).toBe(404);
    const reused = await receiveBonus(p, 'gift:boas-vindas', k);
    expect(reused.code).toBe(422);
    const extra = await call(app, {
      method: 'POST',
      url: '/api/app/bonus/receive',
      headers: { ...auth(p.token), 'idempotency-key': key() },
      payload: { bonusId: 'gift:boas-vindas', amount: 1000 },
    });
    expect(extra.code).toBe(400);
    expect((await playerBalances(app.ctx.db, userId)).user_bonus).toBe(0);
    expect((await get('/api/app/main/userGift', p.token)).body.data).toBe(1);
  });

  it('pays an agent reward once the invitees qualify, once, and never to another player', async () => {
    const agent = await registerPlayer(app);
    const agentId = await userIdOf(app, agent);
    const yqm = (await get('/api/app/user/userInfo', agent.token)).body.data.yqm;
    const invitee = await registerPlayer(app, { regcode: yqm });
    const other = await registerPlayer(app);

    let rewards = (await get('/api/app/agent/rewards', agent.token)).body.data;
    expect(rewards.progress.qualified).toBe(0);
    expect(
      (await get('/api/app/bonus/list', agent.token)).body.data.list.map((b: { kind: string }) => b.kind),
    ).toEqual(['gift']);

    await completeKyc(app, invitee);
    const pre = await call(app, {
      method: 'POST',
      url: '/api/app/order/prePay/BRL1',
      headers: { ...auth(invitee.token), 'idempotency-key': key() },
      payload: { gift: '0', pkgId: 'BRL1', isapp: '0' },
    });
    await call(app, { method: 'POST', url: `/sandbox-psp/charges/${pre.body.data.payNo}/pay`, payload: {} });
    await eventually(async () => {
      const s = await get(`/api/app/order/getStatus/${pre.body.data.orderId}`, invitee.token);
      return s.body.data.status === '10' ? true : undefined;
    });

    rewards = (await get('/api/app/agent/rewards', agent.token)).body.data;
    expect(rewards.progress.qualified).toBe(1);
    const list = (await get('/api/app/bonus/list', agent.token)).body.data.list;
    expect(list).toContainEqual({ bonusId: 'agent:1', kind: 'agent', amount: 5, level: 1 });
    expect(list.some((b: { bonusId: string }) => b.bonusId === 'agent:2')).toBe(false);

    // Another player sees none of it and cannot take it.
    const others = (await get('/api/app/bonus/list', other.token)).body.data.list;
    expect(others.some((b: { kind: string }) => b.kind === 'agent')).toBe(false);
    expect((await receiveBonus(other, 'agent:1')).code).toBe(404);

    const results = await Promise.all([receiveBonus(agent, 'agent:1'), receiveBonus(agent, 'agent:1')]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 409]);
    expect((await playerBalances(app.ctx.db, agentId)).user_bonus).toBe(500);
    rewards = (await get('/api/app/agent/rewards', agent.token)).body.data;
    expect(rewards.progress.received).toEqual([1]);
    // In the wallet records a reward for inviting is a prize (type 19), not a promotion (141).
    const records = (await get('/api/app/user/records?kind=wallet', agent.token)).body.data.list;
    expect(
      records.filter((r: { type: number }) => r.type === 19).map((r: { amount: number }) => r.amount),
    ).toEqual([5]);
    expect(records.some((r: { type: number }) => r.type === 141)).toBe(false);
  });

  it('shows the reward table to a visitor without anyone’s progress', async () => {
    const res = await get('/api/app/agent/rewards');
    expect(res.code).toBe(200);
    expect(res.body.data.levels[0]).toEqual({ level: 1, invitees: 1, reward: 5 });
    expect(res.body.data.commissionRates).toEqual([0.005, 0.002, 0.001]);
    expect(res.body.data.progress).toBeNull();
  });
});

describe('the br-regulated profile', () => {
  let regulated: FastifyInstance;
  beforeAll(async () => {
    // The profile set directly: what is checked here is only what promotions do under it.
    regulated = await buildTestApp({ profile: 'br-regulated' });
  });
  afterAll(async () => {
    await regulated.close();
  });

  it('offers no gift, no bonus and no referral earnings', async () => {
    const player = await registerPlayer(regulated, { birthDate: '1990-01-01' });
    const token = player.token;
    const h = auth(token);
    expect(
      (await call(regulated, { method: 'GET', url: '/api/app/main/userGift', headers: h })).body.data,
    ).toBe(0);
    expect(
      (await call(regulated, { method: 'GET', url: '/api/app/bonus/list', headers: h })).body.data.list,
    ).toEqual([]);
    const gift = await call(regulated, {
      method: 'POST',
      url: '/api/app/main/userGift/receive',
      headers: { ...h, 'idempotency-key': key() },
    });
    expect(gift.code).toBe(404);
    expect((await call(regulated, { method: 'GET', url: '/api/app/main/promotions' })).body.data).toEqual([]);
    const rewards = (await call(regulated, { method: 'GET', url: '/api/app/agent/rewards' })).body.data;
    expect(rewards.commissionRates).toEqual([0, 0, 0]);
  });
});
