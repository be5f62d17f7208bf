import { describe, expect, it } from 'vitest';
import { legMultiplier, type LegSettlement } from '../../../domain/sports/settlement';
import {
  parseMarketId,
  settleLeg,
  type FixtureResult,
  type LegSpec,
  type MarketType,
  type Period,
} from '../../../domain/sports/markets';
import type { SportKey } from '../../../domain/sports/sports';
import { MatchTime } from '../../../domain/codes';

/** The rows of research/sports.md §1.11 "Other markets" beyond football, with the rules of design/sports.md. */
const x = (s: LegSettlement | null, odds = 1900) => {
  const m = legMultiplier(odds, s!);
  return Number(m.num) / Number(m.den);
};

function leg(
  type: MarketType,
  outcome: string,
  line: number | null = null,
  period: Period = 'full',
): LegSpec {
  return { type, period, lineQ: line === null ? null : line * 4, outcome, scoreAtPlacement: null };
}

const done = (home: number, away: number) => ({ home, away, complete: true });
const settle = (spec: LegSpec, result: FixtureResult, sport: SportKey) => settleLeg(spec, result, sport);
const live = (type: MarketType, outcome: string, line: number, at: { home: number; away: number }) => ({
  ...leg(type, outcome, line),
  scoreAtPlacement: at,
});

describe('basketball', () => {
  const final: FixtureResult = { status: MatchTime.finished, scores: { full: done(100, 94) } };
  it('−5.5 at 100-94 wins, −6 pushes', () => {
    expect(settle(leg('asian_handicap', 'home', -5.5), final, 'basketball')!.kind).toBe('won');
    const push = settle(leg('asian_handicap', 'home', -6), final, 'basketball');
    expect(push!.kind).toBe('push');
    expect(x(push)).toBe(1);
  });

  it('counts overtime in the moneyline but not in regulation or fourth-quarter markets', () => {
    const overtime: FixtureResult = {
      status: MatchTime.finished,
      scores: { full: done(112, 108), regulation: done(100, 100), fourth_quarter: done(22, 25) },
    };
    expect(settle(leg('moneyline', 'home'), overtime, 'basketball')!.kind).toBe('won');
    expect(settle(leg('match_winner', 'draw', null, 'regulation'), overtime, 'basketball')!.kind).toBe('won');
    expect(settle(leg('match_winner', 'home', null, 'regulation'), overtime, 'basketball')!.kind).toBe(
      'lost',
    );
    expect(settle(leg('totals', 'under', 47.5, 'fourth_quarter'), overtime, 'basketball')!.kind).toBe('won');
  });
});

describe('live spreads outside football', () => {
  // Their live lines are priced on the final margin (lead + what is left), so they settle on the
  // whole game; only football's Asian handicap counts from the score at placement.
  it('a basketball −14.5 taken live at 60-50 wins at 110-95', () => {
    const final: FixtureResult = { status: MatchTime.finished, scores: { full: done(110, 95) } };
    const spread = live('asian_handicap', 'home', -14.5, { home: 60, away: 50 });
    expect(settle(spread, final, 'basketball')!.kind).toBe('won');
    expect(settle({ ...spread, outcome: 'away' }, final, 'basketball')!.kind).toBe('lost');
  });

  it('a tennis games handicap taken in the second set counts every game of the match', () => {
    const final: FixtureResult = {
      status: MatchTime.finished,
      scores: { full: done(2, 1), games: done(16, 14) },
    };
    // Sets were 0-1 when the bet was placed: the games margin is still the match's, +2.
    const games = live('games_handicap', 'home', -1.5, { home: 0, away: 1 });
    expect(settle(games, final, 'tennis')!.kind).toBe('won');
  });

  it('football still counts only the goals after the bet', () => {
    const final: FixtureResult = { status: MatchTime.finished, scores: { full: done(2, 1) } };
    expect(settle(live('asian_handicap', 'home', -0.5, { home: 1, away: 0 }), final, 'football')!.kind).toBe(
      'lost',
    );
    expect(
      settle(live('asian_handicap', 'home', -0.5, { home: 1, away: 0 }), final, 'basketball')!.kind,
    ).toBe('won');
  });
});

describe('American football', () => {
  const tie: FixtureResult = { status: MatchTime.finished, scores: { full: done(24, 24) } };
  it('a 24-24 tie after overtime: moneyline no action, −3 loses, +3 wins', () => {
    const ml = settle(leg('moneyline', 'home'), tie, 'american_football');
    expect(ml!.kind).toBe('void');
    expect(x(ml)).toBe(1);
    expect(settle(leg('asian_handicap', 'home', -3), tie, 'american_football')!.kind).toBe('lost');
    // The market's line is the home side's: the underdog's +3 is the away side of home −3.
    expect(settle(leg('asian_handicap', 'away', -3), tie, 'american_football')!.kind).toBe('won');
  });

  it('a live spread is on the whole game, as it is priced: home −6.5 taken at 13-7 wins at 39-31', () => {
    // Sportsbook issue, fault 1: settled on the points after the bet (26-24), it paid nothing.
    const final: FixtureResult = { status: MatchTime.finished, scores: { full: done(39, 31) } };
    const bet = live('asian_handicap', 'home', -6.5, { home: 13, away: 7 });
    expect(settle(bet, final, 'american_football')!.kind).toBe('won');
  });
});

describe('baseball', () => {
  it('a game called after 5 innings at 3-1: moneyline stands, run line and total void', () => {
    const called: FixtureResult = {
      status: MatchTime.cutInHalf,
      scores: { full: { home: 3, away: 1, complete: false } },
      innings: 5,
    };
    expect(settle(leg('moneyline', 'home'), called, 'baseball')!.kind).toBe('won');
    expect(settle(leg('moneyline', 'away'), called, 'baseball')!.kind).toBe('lost');
    expect(settle(leg('asian_handicap', 'home', -1.5), called, 'baseball')!.kind).toBe('void');
    expect(settle(leg('totals', 'under', 8.5), called, 'baseball')!.kind).toBe('void');
    // 4½ innings count only with the home side ahead; before that the moneyline is void.
    expect(settle(leg('moneyline', 'home'), { ...called, innings: 4.5 }, 'baseball')!.kind).toBe('won');
    const awayAhead = { ...called, innings: 4.5, scores: { full: { home: 1, away: 3, complete: false } } };
    expect(settle(leg('moneyline', 'away'), awayAhead, 'baseball')!.kind).toBe('void');
    expect(settle(leg('moneyline', 'home'), { ...called, innings: 4 }, 'baseball')!.kind).toBe('void');
  });
});

describe('tennis retirement, rule (b): one completed set', () => {
  it('A leads 6-4 2-1 and B retires: A wins the match bet, games markets are void', () => {
    const retired: FixtureResult = {
      status: MatchTime.cutInHalf,
      retired: 'away',
      scores: {
        full: { home: 1, away: 0, complete: false },
        first_set: done(1, 0),
        games: { home: 8, away: 5, complete: false },
      },
    };
    expect(settle(leg('moneyline', 'home'), retired, 'tennis')!.kind).toBe('won');
    expect(settle(leg('moneyline', 'away'), retired, 'tennis')!.kind).toBe('lost');
    expect(settle(leg('moneyline', 'home', null, 'first_set'), retired, 'tennis')!.kind).toBe('won');
    expect(settle(leg('games_handicap', 'home', -3.5), retired, 'tennis')!.kind).toBe('void');
    expect(settle(leg('games_totals', 'under', 21.5), retired, 'tennis')!.kind).toBe('void');
    // A total already passed stands (research §1.10 universal clause).
    expect(settle(leg('games_totals', 'over', 12.5), retired, 'tennis')!.kind).toBe('won');
  });

  it('A leads 3-1 in the first set and B retires: everything is void', () => {
    const early: FixtureResult = {
      status: MatchTime.cutInHalf,
      retired: 'away',
      scores: { full: { home: 0, away: 0, complete: false }, games: { home: 3, away: 1, complete: false } },
    };
    expect(settle(leg('moneyline', 'home'), early, 'tennis')!.kind).toBe('void');
    expect(settle(leg('moneyline', 'home', null, 'first_set'), early, 'tennis')).toMatchObject({
      kind: 'void',
    });
  });
});

describe('snooker, boxing, cricket and motor racing', () => {
  it('snooker: B withdraws at 3-1 down: A wins the match bet, frame handicap void', () => {
    const withdrawn: FixtureResult = {
      status: MatchTime.cutInHalf,
      retired: 'away',
      scores: { full: { home: 3, away: 1, complete: false } },
    };
    expect(settle(leg('moneyline', 'home'), withdrawn, 'snooker')!.kind).toBe('won');
    expect(settle(leg('asian_handicap', 'home', -1.5), withdrawn, 'snooker')!.kind).toBe('void');
  });

  it('boxing draw: the 2-way moneyline is void, the 3-way draw at 21.0 wins', () => {
    const draw: FixtureResult = { status: MatchTime.finished, scores: { full: done(0, 0) } };
    expect(x(settle(leg('moneyline', 'home'), draw, 'boxing'))).toBe(1);
    expect(x(settle(leg('match_winner', 'draw'), draw, 'boxing'), 21_000)).toBe(21);
  });

  it('boxing total rounds: over 9.5 needs the fight past 1:30 of round 10; a decision is over every line', () => {
    const fight = (round: number, seconds: number): FixtureResult => ({
      status: MatchTime.finished,
      scores: { full: done(1, 0) },
      rounds: { round, seconds },
    });
    expect(settle(leg('rounds_totals', 'over', 9.5), fight(10, 89), 'boxing')!.kind).toBe('lost');
    expect(settle(leg('rounds_totals', 'under', 9.5), fight(10, 89), 'boxing')!.kind).toBe('won');
    expect(settle(leg('rounds_totals', 'over', 9.5), fight(10, 91), 'boxing')!.kind).toBe('won');
    expect(settle(leg('rounds_totals', 'over', 0.5), fight(1, 100), 'boxing')!.kind).toBe('won');
    expect(settle(leg('rounds_totals', 'over', 11.5), fight(12, 180), 'boxing')!.kind).toBe('won');
    // A bout cancelled before it took place is void; a finished one without its length is held.
    const cancelled: FixtureResult = { status: MatchTime.cancelled, scores: {} };
    expect(settle(leg('rounds_totals', 'over', 9.5), cancelled, 'boxing')!.kind).toBe('void');
    const missing: FixtureResult = { status: MatchTime.finished, scores: { full: done(1, 0) } };
    expect(settle(leg('rounds_totals', 'over', 9.5), missing, 'boxing')).toBeNull();
    expect(parseMarketId('rounds_totals:full:9.5')).toMatchObject({ lineQ: 38 });
    expect(parseMarketId('rounds_totals:full:9')).toBeNull();
    expect(parseMarketId('rounds_totals:full:9.25')).toBeNull();
  });

  it('boxing method of victory: the winner and how the fight ended; a draw needs no method', () => {
    const fight = (home: number, away: number, method?: 'stoppage' | 'points'): FixtureResult => ({
      status: MatchTime.finished,
      scores: { full: done(home, away) },
      rounds: { round: 12, seconds: method === 'stoppage' ? 95 : 180 },
      ...(method ? { method } : {}),
    });
    // A stoppage in the last round and a decision both end in round 12: the method tells them apart.
    expect(settle(leg('method', 'home_stoppage'), fight(1, 0, 'stoppage'), 'boxing')!.kind).toBe('won');
    expect(settle(leg('method', 'home_points'), fight(1, 0, 'stoppage'), 'boxing')!.kind).toBe('lost');
    expect(settle(leg('method', 'home_points'), fight(1, 0, 'points'), 'boxing')!.kind).toBe('won');
    expect(settle(leg('method', 'away_points'), fight(0, 1, 'points'), 'boxing')!.kind).toBe('won');
    expect(settle(leg('method', 'away_stoppage'), fight(0, 1, 'points'), 'boxing')!.kind).toBe('lost');
    expect(settle(leg('method', 'draw'), fight(0, 1, 'stoppage'), 'boxing')!.kind).toBe('lost');
    expect(x(settle(leg('method', 'draw'), fight(0, 0, 'points'), 'boxing'), 26_000)).toBe(26);
    expect(settle(leg('method', 'home_points'), fight(0, 0), 'boxing')!.kind).toBe('lost');
    expect(settle(leg('method', 'draw'), fight(0, 0), 'boxing')!.kind).toBe('won');
    // A winner entered without how: held for review; a bout that never finished is void.
    expect(settle(leg('method', 'home_stoppage'), fight(1, 0), 'boxing')).toBeNull();
    expect(settle(leg('method', 'draw'), fight(1, 0), 'boxing')).toBeNull();
    for (const status of [MatchTime.cancelled, MatchTime.cutInHalf]) {
      expect(settle(leg('method', 'home_points'), { status, scores: {} }, 'boxing')!.kind).toBe('void');
    }
    const stopped: FixtureResult = {
      status: MatchTime.cutInHalf,
      scores: { full: { home: 0, away: 0, complete: false } },
    };
    expect(settle(leg('method', 'away_stoppage'), stopped, 'boxing')!.kind).toBe('void');
    expect(parseMarketId('method:full')).toEqual({ type: 'method', period: 'full', lineQ: null });
    expect(parseMarketId('method:full:1.5')).toBeNull();
  });

  it('tennis set betting settles on the score in sets; a retirement keeps only what it decided', () => {
    const match = (home: number, away: number): FixtureResult => ({
      status: MatchTime.finished,
      scores: { full: done(home, away) },
    });
    expect(settle(leg('set_score', '2-1'), match(2, 1), 'tennis')!.kind).toBe('won');
    expect(settle(leg('set_score', '2-0'), match(2, 1), 'tennis')!.kind).toBe('lost');
    expect(settle(leg('set_score', '1-2'), match(2, 1), 'tennis')!.kind).toBe('lost');
    expect(settle(leg('set_score', '0-3'), match(0, 3), 'tennis')!.kind).toBe('won');
    expect(settle(leg('set_score', '3-2'), match(3, 1), 'tennis')!.kind).toBe('lost');
    // Retired at one set all: a straight-sets score is passed and lost, a three-set one void.
    const retired = (home: number, away: number): FixtureResult => ({
      status: MatchTime.cutInHalf,
      scores: { full: { home, away, complete: false } },
      retired: 'away',
    });
    expect(settle(leg('set_score', '2-0'), retired(1, 1), 'tennis')!.kind).toBe('lost');
    expect(settle(leg('set_score', '0-2'), retired(1, 1), 'tennis')!.kind).toBe('lost');
    expect(settle(leg('set_score', '2-1'), retired(1, 1), 'tennis')!.kind).toBe('void');
    expect(settle(leg('set_score', '1-2'), retired(1, 1), 'tennis')!.kind).toBe('void');
    // Before a set is complete nothing is passed: every score is void (the moneyline too).
    for (const id of ['2-0', '2-1', '1-2', '0-2']) {
      expect(settle(leg('set_score', id), retired(0, 0), 'tennis')!.kind).toBe('void');
    }
    expect(settle(leg('set_score', '0-2'), retired(1, 0), 'tennis')!.kind).toBe('lost');
    expect(settle(leg('set_score', '2-0'), retired(1, 0), 'tennis')!.kind).toBe('void');
    // Held while the match may go on; a match cancelled before it started is void.
    const interrupted: FixtureResult = {
      status: MatchTime.interrupted,
      scores: { full: { home: 1, away: 0, complete: false } },
    };
    expect(settle(leg('set_score', '2-0'), interrupted, 'tennis')).toBeNull();
    expect(settle(leg('set_score', '2-0'), { status: MatchTime.cancelled, scores: {} }, 'tennis')!.kind).toBe(
      'void',
    );
  });

  it('basketball and American football team totals count the team’s points, overtime included', () => {
    const game: FixtureResult = {
      status: MatchTime.finished,
      scores: { full: done(112, 108), regulation: done(101, 101) },
    };
    expect(settle(leg('home_totals', 'over', 110.5), game, 'basketball')!.kind).toBe('won');
    expect(settle(leg('away_totals', 'under', 107.5), game, 'basketball')!.kind).toBe('lost');
    expect(settle(leg('away_totals', 'under', 108.5), game, 'basketball')!.kind).toBe('won');
    const nfl: FixtureResult = { status: MatchTime.finished, scores: { full: done(24, 17) } };
    expect(settle(leg('home_totals', 'over', 23.5), nfl, 'american_football')!.kind).toBe('won');
    expect(settle(leg('away_totals', 'over', 17.5), nfl, 'american_football')!.kind).toBe('lost');
    // Abandoned: an over already passed stands, the rest is void.
    const abandoned: FixtureResult = {
      status: MatchTime.cutInHalf,
      scores: { full: { home: 60, away: 41, complete: false } },
    };
    expect(settle(leg('home_totals', 'over', 55.5), abandoned, 'basketball')!.kind).toBe('won');
    expect(settle(leg('home_totals', 'under', 55.5), abandoned, 'basketball')!.kind).toBe('lost');
    expect(settle(leg('away_totals', 'over', 55.5), abandoned, 'basketball')!.kind).toBe('void');
  });

  it('cricket tie with no super over: dead heat ½ at 1.90 returns 0.95; a super over decides', () => {
    const tie: FixtureResult = { status: MatchTime.finished, scores: { full: done(250, 250) } };
    expect(x(settle(leg('moneyline', 'home'), tie, 'cricket'))).toBeCloseTo(0.95, 12);
    expect(x(settle(leg('moneyline', 'away'), tie, 'cricket'))).toBeCloseTo(0.95, 12);
    const superOver = { ...tie, advanced: 'away' as const };
    expect(settle(leg('moneyline', 'away'), superOver, 'cricket')!.kind).toBe('won');
    expect(settle(leg('moneyline', 'home'), superOver, 'cricket')!.kind).toBe('lost');
  });

  it('motor racing head-to-head: A out on lap 30, B on lap 45 → B; both must start', () => {
    const race = (home: object, away: object): FixtureResult => ({
      status: MatchTime.finished,
      scores: {},
      race: {
        home: { started: true, position: null, laps: 0, ...home },
        away: { started: true, position: null, laps: 0, ...away },
      },
    });
    const bothOut = race({ laps: 30 }, { laps: 45 });
    expect(settle(leg('head_to_head', 'away'), bothOut, 'motor_racing')!.kind).toBe('won');
    expect(settle(leg('head_to_head', 'home'), bothOut, 'motor_racing')!.kind).toBe('lost');
    expect(
      settle(
        leg('head_to_head', 'home'),
        race({ position: 7, laps: 58 }, { position: 3, laps: 58 }),
        'motor_racing',
      )!.kind,
    ).toBe('lost');
    expect(
      settle(leg('head_to_head', 'home'), race({ position: 12, laps: 57 }, { laps: 58 }), 'motor_racing')!
        .kind,
    ).toBe('won');
    expect(settle(leg('head_to_head', 'home'), race({ laps: 20 }, { laps: 20 }), 'motor_racing')!.kind).toBe(
      'void',
    );
    expect(
      settle(
        leg('head_to_head', 'home'),
        race({ started: false }, { position: 1, laps: 58 }),
        'motor_racing',
      )!.kind,
    ).toBe('void');
  });
});
