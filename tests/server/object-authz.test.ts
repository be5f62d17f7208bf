import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { auth, buildTestApp, call, completeKyc, fundedPlayer, type Player } from './helpers';
import { buildSportsApp, manualClock } from './sports/sports-helpers';
import type { SimulatedFeed } from '../../server/modules/sports/sim/simulated-feed';
import type { FixtureSnapshot } from '../../server/modules/sports/feed';
import { MatchTime } from '../../domain/codes';

/**
 * AT-10 (research/reliability.md §5): every route and every socket event is enumerated from the
 * running app and must be classified below; each one that takes an id of a player's object is
 * probed with another player's id and must answer exactly what an id that never existed answers
 * (404, no data). A new route or event fails the first tests until it is classified here.
 */

/** What a route's ids point at, and why that is safe. */
type RouteRule =
  | { kind: 'owned'; object: 'order' | 'minesGame' | 'sportsBet' }
  | { kind: 'public'; why: string }
  | { kind: 'self'; why: string }
  | { kind: 'capability'; why: string }
  | { kind: 'devOnly' };

const PUBLIC_SITE = { kind: 'public', why: 'site data, the same for everyone' } as const;
const SELF = { kind: 'self', why: "takes no object id: acts on the caller's session only" } as const;
const PAY_PAGE = {
  kind: 'capability',
  why: 'the PSP page of a charge, addressed by its unguessable txid (≥ 128 random bits)',
} as const;

/** Every non-admin route (`/api/admin/*` is checked by operator-audit.test.ts: players get 403). */
const ROUTES: Record<string, RouteRule> = {
  'GET /api/health': PUBLIC_SITE,
  'GET /api/auth/user/captcha/:codeId': { kind: 'public', why: 'a captcha id is chosen by the client' },
  'GET /api/auth/user/captchaProvider': {
    kind: 'public',
    why: 'the same answer for everyone: which challenge the forms show',
  },
  'POST /api/auth/user/restRegister': SELF,
  'POST /api/auth/user/restLogin': SELF,
  'POST /api/auth/user/handoff': { kind: 'capability', why: 'a single-use hand-off code made by its owner' },
  'POST /api/auth/user/handoff/create': SELF,
  'POST /api/auth/user/logout': SELF,
  'POST /api/app/main/RESETPWD/sendEmail': {
    kind: 'public',
    why: 'by e-mail; unknown addresses get the same answer (auth.test.ts)',
  },
  'POST /api/app/main/RESETPWD/checkEmail': { kind: 'capability', why: 'e-mail plus the code mailed to it' },
  'POST /api/app/main/setPwd': { kind: 'capability', why: 'e-mail plus the code mailed to it' },
  'GET /api/app/main/guestAnalysis': PUBLIC_SITE,
  'GET /api/app/main/notices': PUBLIC_SITE,
  'GET /api/app/main/vip': PUBLIC_SITE,
  'GET /api/app/main/winners': {
    kind: 'public',
    why: 'the latest paid bets, players masked as in bets.feed',
  },
  'GET /api/app/main/site': PUBLIC_SITE,
  'GET /api/app/main/csid': PUBLIC_SITE,
  'GET /api/app/main/userGift': SELF,
  'POST /api/app/main/userGift/receive': SELF,
  // The API's reference (Swagger UI and the OpenAPI document): no ids, the same for everyone.
  ...Object.fromEntries(
    ['/', '/json', '/yaml', '/static/*', '/static/index.html', '/static/swagger-initializer.js'].map((p) => [
      `GET /api/docs${p}`,
      PUBLIC_SITE,
    ]),
  ),
  'GET /api/app/main/banners': PUBLIC_SITE,
  'GET /api/app/main/promotions': PUBLIC_SITE,
  'GET /api/app/main/sponsors': PUBLIC_SITE,
  'GET /api/app/user/referrals': {
    kind: 'self',
    why: "the level (1–3) counts down from the caller's own invitees",
  },
  'GET /api/app/bonus/list': SELF,
  'POST /api/app/bonus/receive': {
    kind: 'self',
    why: "bonus ids name the caller's own receivables; another player's answers 404 (promotions.test.ts)",
  },
  'GET /api/app/agent/rewards': {
    kind: 'self',
    why: "the public reward table, plus progress for the caller's own session only",
  },
  'GET /api/app/support/messages': SELF,
  'GET /api/app/support/replyTime': PUBLIC_SITE,
  'POST /api/app/support/message': SELF,
  'POST /api/app/main/complaint': SELF,
  'GET /api/app/main/complaint/:protocol': {
    kind: 'capability',
    why: 'the protocol plus the contact filed with it; a wrong contact answers like no protocol (support.test.ts)',
  },
  'POST /api/app/user/changePwd': SELF,
  'GET /api/app/user/userInfo': SELF,
  'POST /api/app/user/updateKyc': SELF,
  'GET /api/app/user/protection': SELF,
  'GET /api/app/user/kyc/documents': SELF,
  'PUT /api/app/user/kyc/documents/:side': SELF,
  'PUT /api/app/user/kyc/address': SELF,
  'POST /api/app/user/protection/limit': SELF,
  'POST /api/app/user/protection/exclusion': SELF,
  'POST /api/app/user/protection/reality-check': SELF,
  'GET /api/app/user/protection/session': SELF,
  'GET /api/app/user/getBalance': SELF,
  'GET /api/app/user/getUserTest': SELF,
  'GET /api/app/user/records': SELF,
  'GET /api/app/user/setHeader/:index': { kind: 'self', why: 'the index is an avatar number (1–36)' },
  'GET /api/app/order/getPrices': PUBLIC_SITE,
  'GET /api/app/order/getWithdraw': SELF,
  'GET /api/app/order/getStatus/:orderId': { kind: 'owned', object: 'order' },
  'POST /api/app/order/prePay/:pkgId': { kind: 'public', why: 'a price package of the configuration' },
  'POST /api/app/order/withdraw': SELF,
  'POST /api/app/wallet/transfer': {
    kind: 'self',
    why: "moves the caller's own money to a recipient uId, named only after the e-mailed code",
  },
  'POST /api/app/wallet/transfer/sendCode': SELF,
  'GET /api/app/game/list': PUBLIC_SITE,
  'POST /api/app/game/limbo/bet': SELF,
  'POST /api/app/game/dice/bet': SELF,
  'POST /api/app/game/rowdouble/bet': SELF,
  'GET /api/app/game/luckycolor/state': {
    kind: 'public',
    why: "the shared round, plus the caller's own bets",
  },
  'GET /api/app/game/double/state': { kind: 'public', why: "the shared round, plus the caller's own bets" },
  'POST /api/app/game/luckycolor/bet': { kind: 'public', why: 'the round id is the shared current round' },
  'POST /api/app/game/double/bet': { kind: 'public', why: 'the round id is the shared current round' },
  'GET /api/app/game/fairness': SELF,
  'GET /api/app/game/fairness/verify': { kind: 'public', why: 'recomputes an outcome from given seeds' },
  'POST /api/app/game/fairness/rotate': SELF,
  'GET /api/app/game/rounds/:game/:roundId': {
    kind: 'public',
    why: "a finished round's published hash and result, no player data",
  },
  'GET /api/app/game/chain/:game': PUBLIC_SITE,
  'POST /api/app/game/mines/bet': SELF,
  'POST /api/app/game/mines/reveal': { kind: 'owned', object: 'minesGame' },
  'POST /api/app/game/mines/cashout': { kind: 'owned', object: 'minesGame' },
  'GET /api/app/game/inPlay': SELF,
  'GET /api//app/game/inPlay': SELF,
  'GET /api/app/game/stopGame': SELF,
  'GET /api/app/sports/sports': PUBLIC_SITE,
  'GET /api/app/sports/limits': PUBLIC_SITE,
  'GET /api/app/sports/fixtures': PUBLIC_SITE,
  'GET /api/app/sports/results': PUBLIC_SITE,
  'GET /api/app/sports/fixtures/:id': { kind: 'public', why: 'a fixture of the public catalogue' },
  'GET /api/app/sports/boosts': PUBLIC_SITE,
  'POST /api/app/sports/builder/quote': { kind: 'public', why: 'a price of the public catalogue' },
  'POST /api/app/sports/bet': { kind: 'self', why: 'fixture, market and outcome ids are public' },
  'GET /api/app/sports/bets': SELF,
  'GET /api/app/sports/favourites': SELF,
  'POST /api/app/sports/favourites': SELF,
  'POST /api/app/sports/cashout': { kind: 'owned', object: 'sportsBet' },
  'POST /api/webhooks/pix': { kind: 'capability', why: "signed by the PSP's secret (psp-contract.test.ts)" },
  'GET /sandbox-psp/checkout/:txid': PAY_PAGE,
  'POST /sandbox-psp/charges/:txid/pay': PAY_PAGE,
  'POST /sandbox-psp/charges/:txid/expire': PAY_PAGE,
  'POST /sandbox-psp/payouts/fail-next': { kind: 'public', why: 'sandbox bank switch, no object' },
  'GET /pix/checkout.js': PUBLIC_SITE,
  'GET /pix/checkout.css': PUBLIC_SITE,
  'GET /pix/checkout/:txid': PAY_PAGE,
  'GET /dev/mailbox': { kind: 'devOnly' },
  'GET /dev/mailbox.html': { kind: 'devOnly' },
};

/** Every client → server socket event, and what its payload names. */
const SOCKET_EVENTS: Record<string, string> = {
  'game.join': 'a game code: joins that public game room (game:*)',
  'game.leave': 'a game code: leaves a public game room',
  offGame: 'a game code: leaves every public game room',
  'sports.watch': 'a fixture id of the public catalogue: joins its room (sports:*)',
  'sports.unwatch': 'a fixture id: leaves its room',
};

/** Every route of the app, as the access guard collected them (platform/access.ts). */
function routeTable(instance: FastifyInstance): Array<{ method: string; url: string }> {
  return instance.routeTable.map(({ method, url }) => ({ method, url }));
}

/** Friday 13 March 2026, 09:00 in São Paulo: the seeded feed has fixtures open for betting. */
const START = Date.UTC(2026, 2, 13, 12, 0);
const clock = manualClock(START);
let app: FastifyInstance;
let origin: string;
const sockets: Socket[] = [];

let a: Player & { userId: number };
let b: Player & { userId: number };
/** Player A's objects, which player B must never reach. */
const owned = { orderId: '', txid: '', minesGameId: '', sportsBetId: '' };

let counter = 0;
const key = () => `authz-${Date.now()}-${counter++}`;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  a = await fundedPlayer(app, 200);
  b = await fundedPlayer(app, 200);
  await completeKyc(app, a);
  const order = await call(app, {
    method: 'POST',
    url: '/api/app/order/prePay/BRL3',
    headers: {
      ...auth(a.token),
      'idempotency-key': key(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'gift=0&pkgId=BRL3&isapp=0',
  });
  expect(order.code, order.body.message).toBe(200);
  owned.orderId = order.body.data.orderId;
  owned.txid = order.body.data.payNo;

  const mines = await call(app, {
    method: 'POST',
    url: '/api/app/game/mines/bet',
    headers: { ...auth(a.token), 'idempotency-key': key() },
    payload: { amount: 10, mines: 3 },
  });
  expect(mines.code, mines.body.message).toBe(200);
  owned.minesGameId = mines.body.data.gameId;

  const feed = app.sports.feed as SimulatedFeed;
  const fixture: FixtureSnapshot = feed
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed.timelineOf(f.id)!.fixture.fate === 'normal')[0]!;
  const odds = fixture.markets
    .find((m) => m.id === 'match_winner:full')!
    .outcomes.find((o) => o.id === 'home')!.oddsMilli!;
  const bet = await call(app, {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(a.token), 'idempotency-key': key() },
    payload: {
      stake: 10,
      legs: [{ fixtureId: fixture.id, marketId: 'match_winner:full', outcomeId: 'home', odds: odds / 1000 }],
    },
  });
  expect(bet.code, bet.body.message).toBe(200);
  owned.sportsBetId = bet.body.data.betId;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

/** B's request for one of A's objects, or for `id` instead (an id that never existed). */
function probe(object: 'order' | 'minesGame' | 'sportsBet', method: string, url: string, id?: string) {
  const headers = { ...auth(b.token), 'idempotency-key': key() };
  switch (object) {
    case 'order':
      return call(app, {
        method: 'GET',
        url: url.replace(':orderId', id ?? owned.orderId),
        headers: auth(b.token),
      });
    case 'minesGame':
      return call(app, {
        method: method as 'POST',
        url,
        headers,
        payload: url.endsWith('reveal')
          ? { gameId: id ?? owned.minesGameId, tile: 0, step: 0 }
          : { gameId: id ?? owned.minesGameId },
      });
    case 'sportsBet':
      return call(app, { method: 'POST', url, headers, payload: { betId: id ?? owned.sportsBetId } });
  }
}

/** Ids of the same shape as A's that belong to nobody. */
const NEVER = {
  order: 'D20260313FFFFFFFFFFFF',
  minesGame: '00000000-0000-4000-8000-000000000000',
  sportsBet: '00000000-0000-4000-8000-000000000000',
};

const appRoutes = () =>
  routeTable(app)
    .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/admin'))
    .map((r) => `${r.method} ${r.url}`);

describe('AT-10: every route is classified', () => {
  it('the route table and the rules match: a new route must say what its ids point at', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const unclassified = routes.filter((r) => !(r in ROUTES));
    expect(unclassified, 'classify these routes in object-authz.test.ts').toEqual([]);
    const stale = Object.keys(ROUTES).filter((r) => !routes.includes(r));
    expect(stale, 'these rules name routes that no longer exist').toEqual([]);
  });

  it('dev-only routes are not registered in production', async () => {
    const production = await buildTestApp(
      {},
      {
        NODE_ENV: 'production',
        TREVO_ALLOW_SANDBOX: '1',
        TREVO_CAPTCHA_FIXED: undefined,
        TREVO_PSP_WEBHOOK_SECRET: 'w'.repeat(32),
        TREVO_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      },
    );
    try {
      await production.ready();
      const routes = routeTable(production).map((r) => `${r.method} ${r.url}`);
      const devOnly = Object.keys(ROUTES).filter((r) => ROUTES[r]!.kind === 'devOnly');
      expect(devOnly.length).toBeGreaterThan(0);
      for (const r of devOnly) expect(routes).not.toContain(r);
      expect(routes).toContain('GET /api/app/user/userInfo');
    } finally {
      await production.close();
    }
  });
});

describe("AT-10: another player's ids answer 404 and reveal nothing", () => {
  const ownedRoutes = Object.entries(ROUTES).filter(
    (e): e is [string, Extract<RouteRule, { kind: 'owned' }>] => e[1].kind === 'owned',
  );

  it.each(ownedRoutes)('%s', async (route, rule) => {
    const [method, url] = route.split(' ') as [string, string];
    const foreign = await probe(rule.object, method, url);
    const never = await probe(rule.object, method, url, NEVER[rule.object]);
    expect(foreign.code).toBe(404);
    expect(foreign.body).toEqual({ status: 404, message: 'Não encontrado', data: null });
    // Indistinguishable from an id that never existed: same code, same body.
    expect(foreign.code).toBe(never.code);
    expect(foreign.body).toEqual(never.body);
  });

  it("leaves A's objects as they were, and A still reaches them", async () => {
    const status = await call(app, {
      method: 'GET',
      url: `/api/app/order/getStatus/${owned.orderId}`,
      headers: auth(a.token),
    });
    expect(status.code).toBe(200);
    expect(status.body.data.status).toBe('00');
    const inPlay = await call(app, { method: 'GET', url: '/api/app/game/inPlay', headers: auth(a.token) });
    expect(inPlay.body.data.mines).toMatchObject({ gameId: owned.minesGameId, step: 0 });
    const bets = await call(app, { method: 'GET', url: '/api/app/sports/bets', headers: auth(a.token) });
    expect(bets.body.data.list.map((x: { betId: string }) => x.betId)).toContain(owned.sportsBetId);
  });

  it("no GET route answers B with any of A's ids or identity", async () => {
    const secrets = [owned.orderId, owned.txid, owned.minesGameId, owned.sportsBetId, a.email, a.cpf];
    const fill: Record<string, string> = {
      ':orderId': owned.orderId,
      ':index': '3',
      ':game': 'double',
      ':roundId': '1',
      ':codeId': '424242',
      ':id': 'x',
    };
    for (const route of appRoutes()) {
      const [method, url] = route.split(' ') as [string, string];
      const rule = ROUTES[route]!;
      if (method !== 'GET' || rule.kind === 'capability' || rule.kind === 'devOnly') continue;
      if (url.endsWith('/stopGame')) continue; // would settle B's own game, not read anything of A's
      const res = await app.inject({
        method: 'GET',
        url: url.replace(/:\w+/g, (p) => fill[p] ?? 'x'),
        headers: auth(b.token),
      });
      for (const secret of secrets)
        expect(res.body, `${route} must not reveal ${secret}`).not.toContain(secret);
    }
  });
});

describe('AT-10: socket events', () => {
  function open(token: string): Promise<Socket> {
    const socket = connect(origin, {
      path: '/gamecenter-siop',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const serverSide = (s: Socket) => app.ctx.realtime.io.of('/').sockets.get(s.id!)!;

  it('every event a client may send is classified', async () => {
    const s = await open(b.token);
    const events = serverSide(s)
      .eventNames()
      .map(String)
      .filter((e) => !['disconnect', 'disconnecting', 'error'].includes(e));
    expect(events.sort()).toEqual(Object.keys(SOCKET_EVENTS).sort());
  });

  it("B cannot join A's rooms with any event, and A's private pushes never reach B", async () => {
    const sa = await open(a.token);
    const sb = await open(b.token);
    const tricks = [
      `user:${a.userId}`,
      `../user:${a.userId}`,
      `session:1`,
      owned.sportsBetId,
      owned.minesGameId.slice(0, 20),
    ];
    for (const event of Object.keys(SOCKET_EVENTS)) {
      for (const t of tricks) {
        sb.emit(event, { game: t, gameCode: t, fixtureId: t });
        sb.emit(event, t);
      }
    }
    // A round trip through the socket so every emit above has been handled.
    await new Promise<void>((resolve) => sb.emit('sports.watch', { fixtureId: 'sync' }, () => resolve()));
    const rooms = [...serverSide(sb).rooms].filter((r) => r !== sb.id);
    const own = rooms.filter((r) => r.startsWith('user:') || r.startsWith('session:'));
    expect(own).toHaveLength(2);
    expect(own).toContain(`user:${b.userId}`);
    for (const r of rooms) expect(/^(user:\d+|session:\d+|game:.*|sports:.*)$/.test(r), r).toBe(true);

    const seenByB: string[] = [];
    sb.onAny((event: string) => seenByB.push(event));
    const gotByA = new Promise((resolve) => sa.once('updateUserInfo', resolve));
    await call(app, { method: 'GET', url: '/api/app/user/setHeader/5', headers: auth(a.token) });
    await gotByA;
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByB).not.toContain('updateUserInfo');
  });
});
