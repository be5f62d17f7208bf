import { describe, expect, it } from 'vitest';
import { MatchTime } from '../../../domain/codes';
import { byShape, marginFor, marginGroup, overroundMilli } from '../../../domain/sports/book-margins';
import { leastFairChance } from '../../../domain/sports/cashout';
import { MAX_ODDS_MILLI, nextLadderPrice } from '../../../domain/sports/ladder';
import { fixtureTitle } from '../../../domain/sports/labels';
import { marketGroup, marketName, outcomeName } from '../../../domain/sports/market-labels';
import { marketId, parseMarketId, settleLeg, type FixtureResult } from '../../../domain/sports/markets';
import { phi } from '../../../domain/sports/normal';
import { priceOutright, raceWinChances } from '../../../domain/sports/ratings';
import { legMultiplier } from '../../../domain/sports/settlement';
import { normal, randomStream } from '../../../server/modules/sports/sim/random';
import { flatPlan } from '../../support/margins';

/**
 * Motor racing's Vencedor da Corrida (`outright:full`): each driver's chance of winning from the
 * simulation's own law of a race, the book's many-way margin on top, and settlement on the race's
 * classification.
 */

/** A Fórmula 1-sized field: twenty drivers of spread-out pace. */
const PACES = Array.from({ length: 20 }, (_, k) => 1.9 - 0.2 * k);
const DNF = 0.08;
const FIELD = PACES.map((pace, k) => ({ id: `d${k + 1}`, pace }));
const KEY = { type: 'outright', period: 'full', lineQ: null } as const;

/** The simulation's race (motor.sim.ts runRace): pace plus noise, retirements, the fastest finisher wins. */
function simulatedWins(paces: readonly number[], dnf: number, races: number): number[] {
  const r = randomStream('outright-test');
  const wins = new Array<number>(paces.length).fill(0);
  let run = 0;
  while (run < races) {
    let best = -1;
    let bestPace = -Infinity;
    paces.forEach((p, i) => {
      const pace = p + normal(r);
      if (r() >= dnf && pace > bestPace) {
        best = i;
        bestPace = pace;
      }
    });
    // Nobody finished: the race is void, as settlement reads it.
    if (best < 0) continue;
    wins[best]!++;
    run++;
  }
  return wins;
}

describe('Vencedor da Corrida: each driver’s chance of winning', () => {
  it('sums to 1 over the field', () => {
    expect(raceWinChances(PACES, DNF).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(raceWinChances([0.3, -1.2, 2.1, 0], 0.3).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('is the head-to-head’s law for two drivers: Φ(edge/√2), or the other one out', () => {
    const edge = 0.7;
    const faster = phi(edge / Math.SQRT2);
    expect(raceWinChances([edge, 0], 0)[0]).toBeCloseTo(faster, 6);
    // First wins if both finish and it is faster, or only it finishes; given somebody finishes.
    const d = 0.2;
    const first = ((1 - d) * (d + (1 - d) * faster)) / (1 - d * d);
    expect(raceWinChances([edge, 0], d)[0]).toBeCloseTo(first, 6);
  });

  it('gives equal drivers equal chances, and a faster driver more', () => {
    for (const c of raceWinChances([0.5, 0.5, 0.5, 0.5, 0.5], DNF)) expect(c).toBeCloseTo(0.2, 9);
    const chances = raceWinChances(PACES, DNF);
    for (let i = 1; i < chances.length; i++) expect(chances[i]).toBeLessThan(chances[i - 1]!);
  });

  it('matches the simulation’s races driver by driver (200,000 races)', () => {
    const races = 200_000;
    const wins = simulatedWins(PACES, DNF, races);
    const chances = raceWinChances(PACES, DNF);
    chances.forEach((p, i) => {
      const se = Math.sqrt((p * (1 - p)) / races);
      expect(Math.abs(wins[i]! / races - p), `d${i + 1}: ${wins[i]} wins, chance ${p}`).toBeLessThan(
        4.5 * se + 1e-6,
      );
    });
  });
});

describe('Vencedor da Corrida: prices', () => {
  const margins = byShape({
    threeWay: { margin: 0.05, method: 'shin' },
    twoWay: { margin: 0.045, method: 'proportional' },
  });
  const quote = priceOutright({ field: FIELD, dnf: DNF, margins })!;
  const chances = raceWinChances(PACES, DNF);

  it('lists every driver once, favourites first, under its own id', () => {
    expect(marketId(quote.key)).toBe('outright:full');
    expect(parseMarketId('outright:full')).toEqual(KEY);
    expect(parseMarketId('outright:full:1.5')).toBeNull();
    expect(quote.outcomes.map((o) => o.id).sort()).toEqual(FIELD.map((d) => d.id).sort());
    const odds = quote.outcomes.map((o) => o.oddsMilli!);
    expect([...odds].sort((a, b) => a - b)).toEqual(odds);
  });

  it('carries the many-way margin (Shin, 5 %) above the fair book, less only the ladder’s rounding', () => {
    expect(margins(KEY)).toEqual({ margin: 0.05, method: 'shin' });
    // Rounded down to the ladder: the book is the margin or a little more, never less.
    const book = overroundMilli(quote.outcomes.map((o) => o.oddsMilli));
    expect(book).toBeGreaterThanOrEqual(50);
    expect(book).toBeLessThan(70);
    // Every price is shorter than fair; the margin removed, each reads its chance back.
    for (const o of quote.outcomes) {
      const p = chances[Number(o.id.slice(1)) - 1]!;
      expect(o.oddsMilli! / 1000).toBeLessThan(1 / p);
    }
    const fair = priceOutright({
      field: FIELD,
      dnf: DNF,
      margins: byShape({ threeWay: { margin: 0, method: 'shin' }, twoWay: { margin: 0, method: 'shin' } }),
    })!;
    for (const o of fair.outcomes) {
      const p = chances[Number(o.id.slice(1)) - 1]!;
      // The ladder rounds a fair price down, by less than a step (the top of the ladder aside).
      expect(o.oddsMilli! / 1000).toBeLessThanOrEqual(1 / p + 1e-9);
      if (o.oddsMilli! < MAX_ODDS_MILLI) expect(nextLadderPrice(o.oddsMilli!) / 1000).toBeGreaterThan(1 / p);
    }
  });

  it('is a niche market of the race (twenty selections, most long shots), margined by the plan’s many-way base, group and tier', () => {
    expect(marketGroup(KEY, 'motor_racing')).toBe('Vencedor da Corrida');
    const plan = {
      preMatch: {
        threeWay: { margin: 0.05, method: 'shin' as const },
        twoWay: { margin: 0.04, method: 'proportional' as const },
      },
      live: {
        threeWay: { margin: 0.07, method: 'shin' as const },
        twoWay: { margin: 0.06, method: 'proportional' as const },
      },
      groups: { main: 0, secondary: 0.015, niche: 0.04 },
      tiers: { '1': 0, '2': 0.01, '3': 0.02 },
    };
    expect(marginGroup(KEY)).toBe('niche');
    expect(marginFor(plan, false, 1)(KEY).method).toBe('shin');
    expect(marginFor(plan, false, 1)(KEY).margin).toBeCloseTo(0.09, 12);
    expect(marginFor(plan, false, 2)(KEY).margin).toBeCloseTo(0.1, 12);
    expect(marginFor(flatPlan(plan.preMatch), false, 1)(KEY).method).toBe('shin');
  });

  it('gives cash-out no more than each driver’s chance once the margin is removed', () => {
    const prices = quote.outcomes.map((o) => ({ id: o.id, oddsMilli: o.oddsMilli }));
    for (const o of quote.outcomes) {
      const p = chances[Number(o.id.slice(1)) - 1]!;
      const least = leastFairChance(prices, o.id, 'shin')!;
      // At the ladder's top a price says only "1000 or longer": worth nothing to cash-out.
      if (o.oddsMilli === MAX_ODDS_MILLI) expect(least).toBe(0);
      else expect(least).toBeGreaterThan(0);
      expect(least).toBeLessThanOrEqual(p * (1 + 1e-6));
    }
  });

  it('names the market and each driver as a Brazilian book writes them', () => {
    const teams = { home: 'GP de São Paulo', away: '', field: [{ id: 'd1', name: 'Gabriel Bortoleto' }] };
    expect(marketName(KEY, 'motor_racing', teams)).toBe('Vencedor da Corrida');
    expect(outcomeName(KEY, 'd1', teams)).toBe('Gabriel Bortoleto');
    expect(fixtureTitle(teams)).toBe('GP de São Paulo');
    expect(fixtureTitle({ home: 'Max Verstappen', away: 'Lando Norris' })).toBe(
      'Max Verstappen x Lando Norris',
    );
  });
});

describe('Vencedor da Corrida: settlement on the race’s classification', () => {
  const leg = (outcome: string) => ({ ...KEY, outcome, scoreAtPlacement: null });
  const finished = (winners: string[], notStarted: string[] = []): FixtureResult => ({
    status: MatchTime.finished,
    scores: {},
    classification: { winners, notStarted },
  });
  /** What a bet at `odds` returns per unit staked. */
  const paid = (odds: number, result: FixtureResult, outcome: string) => {
    const m = legMultiplier(Math.round(odds * 1000), settleLeg(leg(outcome), result, 'motor_racing')!);
    return Number(m.num) / Number(m.den);
  };

  it('pays the driver classified first and no other', () => {
    expect(settleLeg(leg('d3'), finished(['d3']), 'motor_racing')!.kind).toBe('won');
    expect(settleLeg(leg('d1'), finished(['d3']), 'motor_racing')!.kind).toBe('lost');
    expect(paid(4.5, finished(['d3']), 'd3')).toBe(4.5);
    expect(paid(4.5, finished(['d3']), 'd1')).toBe(0);
  });

  it('divides a dead heat for first: two drivers each pay half the odds', () => {
    const tie = finished(['d2', 'd5']);
    expect(paid(6, tie, 'd2')).toBe(3);
    expect(paid(6, tie, 'd5')).toBe(3);
    expect(paid(6, tie, 'd1')).toBe(0);
  });

  it('voids a driver who did not start, a race never run, and a race with nobody classified', () => {
    expect(settleLeg(leg('d7'), finished(['d1'], ['d7']), 'motor_racing')!.kind).toBe('void');
    expect(settleLeg(leg('d1'), finished(['d1'], ['d7']), 'motor_racing')!.kind).toBe('won');
    expect(settleLeg(leg('d1'), { status: MatchTime.cancelled, scores: {} }, 'motor_racing')!.kind).toBe(
      'void',
    );
    expect(settleLeg(leg('d1'), { status: MatchTime.cutInHalf, scores: {} }, 'motor_racing')!.kind).toBe(
      'void',
    );
    expect(settleLeg(leg('d1'), finished([]), 'motor_racing')!.kind).toBe('void');
  });

  it('settles a race stopped early on its classification, and holds a finish without one for review', () => {
    const stopped: FixtureResult = { ...finished(['d4']), status: MatchTime.cutInHalf };
    expect(settleLeg(leg('d4'), stopped, 'motor_racing')!.kind).toBe('won');
    expect(settleLeg(leg('d4'), { status: MatchTime.finished, scores: {} }, 'motor_racing')).toBeNull();
    expect(settleLeg(leg('d4'), { status: MatchTime.firstHalf, scores: {} }, 'motor_racing')).toBeNull();
    expect(settleLeg(leg('d4'), { status: MatchTime.postponed, scores: {} }, 'motor_racing')).toBeNull();
    // A classification settles only a race that ended: not one still held, not one never run.
    const held: FixtureResult = { ...finished(['d4']), status: MatchTime.interrupted };
    expect(settleLeg(leg('d4'), held, 'motor_racing')).toBeNull();
    const cancelled: FixtureResult = { ...finished(['d4']), status: MatchTime.cancelled };
    expect(settleLeg(leg('d4'), cancelled, 'motor_racing')!.kind).toBe('void');
  });

  it('takes a disqualified winner’s place from the classification: the driver it puts first wins', () => {
    // The stewards' classification without the disqualified d1: d2 is first.
    const corrected = finished(['d2']);
    expect(settleLeg(leg('d1'), corrected, 'motor_racing')!.kind).toBe('lost');
    expect(settleLeg(leg('d2'), corrected, 'motor_racing')!.kind).toBe('won');
  });
});
