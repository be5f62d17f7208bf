import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import type { MotorTimeline } from '../../../server/modules/sports/sim/motor.sim';
import { auth, call } from '../helpers';
import { useSportsApp, type BetLeg } from './sports-helpers';

/**
 * The motor racing tests' sportsbook: the week from Friday 6 March 2026, 10:00 in São Paulo, when
 * Saturday's IndyCar and Sunday's Fórmula 1 and Stock Car are listed (the Stock Car race is put
 * off a day in this world), with the operator's headers and what the race tests read and send.
 */
export const RACE_WEEK = Date.UTC(2026, 2, 6, 13, 0);

/** A bet as `GET /api/app/sports/bets` lists it, the fields the tests read. */
export type ListedBet = {
  betId: string;
  state: string;
  result: number;
  payout: number;
  stake: number;
  cashout: { available: boolean; value: number | null } | null;
  legs: Array<{ fixture: string; market: string; outcome: string; result: number }>;
};

/** A leg on `snap`'s outcome at its price now. */
export function legOf(snap: FixtureSnapshot, marketId: string, outcomeId: string): BetLeg {
  const odds = snap.markets
    .find((m) => m.id === marketId)!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId, outcomeId, odds: odds / 1000 };
}

/** `name` prefixes the file's idempotency keys. */
export function useRaceApp(name: string) {
  const sports = useSportsApp(RACE_WEEK, { operator: true });
  const { app, feed, clock, operator } = sports;
  const motor = () => feed().listFixtures({ sport: 'motor_racing' }, clock.now());
  let keys = 0;
  return {
    ...sports,
    motor,
    /** A race's own fixture listed now, by competition. */
    raceOf: (competition: string) => motor().find((f) => f.field && f.competition === competition)!,
    /** The head-to-heads of a race listed now. */
    pairingsOf: (race: FixtureSnapshot) =>
      motor().filter((f) => !f.field && f.competition === race.competition && f.startsAt === race.startsAt),
    timelineOf: (id: string) => feed().timelineOf(id) as MotorTimeline,
    /** A player's call with an idempotency key of its own. */
    post: (token: string, url: string, payload: unknown) =>
      call(app(), {
        method: 'POST',
        url,
        headers: { ...auth(token), 'idempotency-key': `${name}-${keys++}` },
        payload: payload as object,
      }),
    /** An operator's result for a fixture; a string payload is sent as raw JSON. */
    enter: (fixtureId: string, payload: unknown) =>
      call(app(), {
        method: 'POST',
        url: `/api/admin/sports/fixtures/${fixtureId}/result`,
        headers:
          typeof payload === 'string' ? { ...operator(), 'content-type': 'application/json' } : operator(),
        payload: payload as object,
      }),
    /** The player's bets by id, newest 100. */
    betsOf: async (token: string) => {
      const res = await call(app(), {
        method: 'GET',
        url: '/api/app/sports/bets?size=100',
        headers: auth(token),
      });
      return new Map((res.body.data.list as ListedBet[]).map((b) => [b.betId, b]));
    },
  };
}
