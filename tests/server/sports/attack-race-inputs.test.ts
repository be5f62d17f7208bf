import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer } from '../helpers';
import { afterStartOf, placeSportsBet, type BetLeg } from './sports-helpers';
import { legOf, useRaceApp } from './race-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { translate, type MessageKey } from '../../../domain/messages';
import { MatchTime } from '../../../domain/codes';

/**
 * An outsider's attack on motor racing's Vencedor da Corrida (`outright:full`), its inputs: the
 * operator's classification fuzzed, and every way a bet can name a race's winner beside a
 * head-to-head of the same race. Everything here must be refused with a 4xx in Portuguese and
 * change nothing.
 */

const { app, clock, motor, raceOf, pairingsOf, post, enter } = useRaceApp('attack-race');

/** The refusals these attacks may meet, in pt-BR, each a pattern of its template. */
const REFUSALS: MessageKey[] = [
  'invalidInput',
  'tooLong',
  'unknownField',
  'required',
  'sportsResultInvalid',
  'sportsResultWinnerNotStarted',
  'sportsSameFixture',
  'sportsBuilderMarket',
  'sportsBuilderLegs',
  'sportsOptionClosed',
  'sportsGameUnavailable',
];
const named = new Proxy({}, { get: (_, name) => `{${String(name)}}` }) as Record<string, string>;
const PATTERNS = REFUSALS.map(
  (k) =>
    new RegExp(
      `^${translate(k, 'pt_BR', named)
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{\w+\}/g, '.*')}$`,
    ),
);
/** Whether a message is one of the Portuguese refusals. */
const PT = { has: (message: string) => PATTERNS.some((p) => p.test(message)) };

async function storedResult(fixtureId: string) {
  return app()
    .ctx.db.selectFrom('sports_fixtures')
    .select(['result', 'result_version', 'result_source'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
}

describe('a múltipla with a race’s winner', () => {
  it('is refused beside any head-to-head of the same race, whatever the order or company of its legs', async () => {
    const p = await fundedPlayer(app(), 100);
    for (const competition of ['Fórmula 1', 'Stock Car Pro Series', 'IndyCar']) {
      const race = raceOf(competition);
      const own = pairingsOf(race);
      expect(own.length).toBeGreaterThan(1);
      const other = motor().find((f) => !f.field && f.competition !== competition)!;
      const winner = legOf(race, 'outright:full', race.markets[0]!.outcomes[3]!.id);
      const pair = (k: number, side: 'home' | 'away') => legOf(own[k]!, 'head_to_head:full', side);
      const attempts: BetLeg[][] = [
        [winner, pair(0, 'home')],
        [pair(0, 'away'), winner],
        [pair(1, 'home'), legOf(other, 'head_to_head:full', 'home'), winner],
        [legOf(other, 'head_to_head:full', 'away'), winner, pair(0, 'home'), pair(1, 'away')],
      ];
      for (const legs of attempts) {
        const res = await post(p.token, '/api/app/sports/bet', { stake: 5, legs, oddsChange: 'any' });
        expect(res.code, JSON.stringify(legs.map((l) => l.fixtureId))).toBe(409);
        expect(res.body.message).toBe('Escolha apenas uma seleção por jogo na aposta múltipla');
      }
      // Two drivers of one race are one market: as a múltipla, a Criar Aposta, or its quote.
      const second = legOf(race, 'outright:full', race.markets[0]!.outcomes[0]!.id);
      const twice = await post(p.token, '/api/app/sports/bet', { stake: 5, legs: [winner, second] });
      expect(twice.code).toBe(409);
      const builder = await post(p.token, '/api/app/sports/bet', {
        stake: 5,
        kind: 'builder',
        odds: 3,
        legs: [winner, second].map(({ fixtureId, marketId, outcomeId }) => ({
          fixtureId,
          marketId,
          outcomeId,
        })),
      });
      expect(builder.code).toBe(409);
      expect(PT.has(builder.body.message)).toBe(true);
      const mixed = await post(p.token, '/api/app/sports/bet', {
        stake: 5,
        kind: 'builder',
        odds: 3,
        legs: [winner, pair(0, 'home')].map(({ fixtureId, marketId, outcomeId }) => ({
          fixtureId,
          marketId,
          outcomeId,
        })),
      });
      expect(mixed.code).toBe(409);
      expect(PT.has(mixed.body.message)).toBe(true);
      const quote = await call(app(), {
        method: 'POST',
        url: '/api/app/sports/builder/quote',
        payload: {
          fixtureId: race.id,
          legs: [
            { marketId: 'outright:full', outcomeId: winner.outcomeId },
            { marketId: 'outright:full', outcomeId: second.outcomeId },
          ],
        },
      });
      expect(quote.code).toBe(409);
      expect(PT.has(quote.body.message)).toBe(true);
    }
    // A fixture id or an outcome spelt another way names nothing.
    const race = raceOf('Fórmula 1');
    const winner = legOf(race, 'outright:full', race.markets[0]!.outcomes[0]!.id);
    const other = pairingsOf(race)[0]!;
    const spellings = [
      { ...winner, fixtureId: race.id.toUpperCase() },
      { ...winner, fixtureId: ` ${race.id}` },
      { ...winner, fixtureId: race.id.replace(/-(\d+)-(\d+)-99$/, '-0$1-$2-99') },
      { ...winner, outcomeId: winner.outcomeId.toUpperCase() },
      { ...winner, outcomeId: ` ${winner.outcomeId}` },
      { ...winner, outcomeId: '__proto__' },
      { ...winner, marketId: 'outright:first_half' },
      { ...winner, marketId: 'OUTRIGHT:full' },
    ];
    for (const leg of spellings) {
      const res = await post(p.token, '/api/app/sports/bet', {
        stake: 5,
        legs: [leg, legOf(other, 'head_to_head:full', 'home')],
      });
      expect(res.code, JSON.stringify(leg)).toBeGreaterThanOrEqual(400);
      expect(res.code, JSON.stringify(leg)).toBeLessThan(500);
      expect(PT.has(res.body.message), res.body.message).toBe(true);
    }
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(10_000);
  });
});

describe('an operator’s classification', () => {
  it('refuses every malformed or foreign driver with a 4xx in Portuguese and changes nothing', async () => {
    const p = await fundedPlayer(app(), 100);
    const race = raceOf('Fórmula 1');
    const pairing = pairingsOf(race)[0]!;
    const betId = await placeSportsBet(app(), p.token, [legOf(race, 'outright:full', 'd1')], 10);
    const pairBet = await placeSportsBet(app(), p.token, [legOf(pairing, 'head_to_head:full', 'home')], 10);
    afterStartOf(clock, [race]);
    const before = await storedResult(race.id);
    const beforePair = await storedResult(pairing.id);
    const finished = (classification: unknown) => ({ status: MatchTime.finished, classification });
    const payloads: unknown[] = [
      finished({ winners: ['d0'] }),
      finished({ winners: ['d21'] }),
      finished({ winners: ['d999'] }),
      finished({ winners: ['D1'] }),
      finished({ winners: [' d1'] }),
      finished({ winners: ['d1 '] }),
      finished({ winners: ['d\u0661'] }),
      finished({ winners: ['d０1'] }),
      finished({ winners: ['d01'] }),
      finished({ winners: ['__proto__'] }),
      finished({ winners: ['constructor'] }),
      finished({ winners: ['toString'] }),
      finished({ winners: [''] }),
      finished({ winners: ['d1'.repeat(20)] }),
      finished({ winners: ['d1', 'd1'] }),
      finished({ winners: ['d1', 'd2', 'd1'] }),
      finished({ winners: ['d1'], notStarted: ['d2', 'd2'] }),
      finished({ winners: ['d1'], notStarted: ['d999'] }),
      finished({ winners: ['d1'], notStarted: ['d1'] }),
      finished({ winners: ['d1', 'd2'], notStarted: ['d2'] }),
      finished({ winners: Array.from({ length: 100 }, (_, i) => `d${i + 1}`) }),
      finished({ winners: Array.from({ length: 5_000 }, () => 'd1') }),
      finished({ winners: Array.from({ length: 21 }, (_, i) => `d${i + 1}`) }),
      finished({ winners: 'd1' }),
      finished({ winners: [1] }),
      finished({ winners: [null] }),
      finished({ winners: [['d1']] }),
      finished({ winners: { 0: 'd1', length: 1 } }),
      finished({ winners: ['d1'], notStarted: 'd2' }),
      finished({ winners: ['d1'], notStarted: null }),
      finished({ winners: ['d1'], extra: true }),
      // A prototype key, as raw JSON (an object literal would not send it).
      '{"status":-1,"classification":{"winners":["d1"],"__proto__":{"polluted":true}}}',
      '{"status":-1,"classification":{"winners":["d1"],"constructor":{"prototype":{"polluted":true}}}}',
      finished(null),
      finished([]),
      finished('d1'),
      finished({}),
      { status: MatchTime.finished },
      { status: MatchTime.finished, full: { home: 1, away: 0 } },
      {
        status: MatchTime.finished,
        race: { home: { position: 1, laps: 57 }, away: { position: 2, laps: 57 } },
      },
      { status: '-1', classification: { winners: ['d1'] } },
      { status: -1.5, classification: { winners: ['d1'] } },
      { status: 99, classification: { winners: ['d1'] } },
      { status: MatchTime.cancelled, classification: { winners: ['d1'] } },
      { status: MatchTime.postponed, classification: { winners: ['d1'] } },
      { status: MatchTime.interrupted, classification: { winners: ['d1'] } },
      { status: MatchTime.notStarted, classification: { winners: ['d1'] } },
      { status: MatchTime.firstHalf, classification: { winners: ['d1'] } },
      { classification: { winners: ['d1'] } },
      [],
      'x',
    ];
    for (const payload of payloads) {
      const res = await enter(race.id, payload);
      const what = JSON.stringify(payload).slice(0, 120);
      expect(res.code, what).toBeGreaterThanOrEqual(400);
      expect(res.code, what).toBeLessThan(500);
      expect(PT.has(res.body.message), `${what}: ${res.body.message}`).toBe(true);
    }
    // A race's classification on a head-to-head of it, even one it would name right.
    for (const payload of [
      finished({ winners: ['d1'] }),
      finished({ winners: ['home'] }),
      { status: MatchTime.cutInHalf, classification: { winners: ['away'] } },
    ]) {
      const res = await enter(pairing.id, payload);
      expect(res.code, JSON.stringify(payload)).toBe(400);
      expect(PT.has(res.body.message)).toBe(true);
    }
    expect(await storedResult(race.id)).toEqual(before);
    expect(await storedResult(pairing.id)).toEqual(beforePair);
    const bets = await call(app(), { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) });
    for (const id of [betId, pairBet])
      expect(
        (bets.body.data.list as Array<{ betId: string; state: string }>).find((b) => b.betId === id)!.state,
      ).toBe('open');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
