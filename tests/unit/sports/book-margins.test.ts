import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/infra/config';
import { SimulatedFeed } from '../../../server/modules/sports/sim/simulated-feed';
import { dayOf } from '../../../server/modules/sports/sim/clock';
import {
  marginFor,
  marginGroup,
  overroundMilli,
  type CompetitionTier,
  type MarginGroup,
} from '../../../domain/sports/book-margins';
import { parseMarketId, type MarketKey } from '../../../domain/sports/markets';
import { outcomeIds } from '../../../domain/sports/markets';

const plan = loadConfig({ ...process.env, TREVO_LOG_LEVEL: 'silent' }).file.sports.margins;
const key = (id: string) => parseMarketId(id)!;

describe('margins by market group and competition tier', () => {
  it('sorts markets into main lines, secondary and niche markets', () => {
    const groups: Record<string, MarginGroup> = {
      'match_winner:full': 'main',
      'moneyline:full': 'main',
      'asian_handicap:full:-0.5': 'main',
      'totals:full:2.5': 'main',
      'head_to_head:full': 'main',
      'match_winner:first_half': 'secondary',
      'totals:first_half:1.5': 'secondary',
      'match_winner:regulation': 'secondary',
      'moneyline:first_set': 'secondary',
      'european_handicap:full:-1': 'secondary',
      'games_totals:full:21.5': 'secondary',
      'rounds_totals:full:9.5': 'secondary',
      'corners_totals:full:9.5': 'niche',
      'corners_handicap:full:0': 'niche',
      'odd_even:full': 'niche',
    };
    for (const [id, group] of Object.entries(groups)) expect([id, marginGroup(key(id))]).toEqual([id, group]);
  });

  it('adds the group and tier points to the base of the shape and phase, and keeps the shape method', () => {
    const at = (live: boolean, tier: CompetitionTier, id: string) => marginFor(plan, live, tier)(key(id));
    expect(at(false, 1, 'match_winner:full')).toEqual(plan.preMatch.threeWay);
    expect(at(false, 1, 'totals:full:2.5')).toEqual(plan.preMatch.twoWay);
    expect(at(true, 3, 'corners_totals:full:9.5').margin).toBeCloseTo(
      plan.live.twoWay.margin + plan.groups.niche + plan.tiers['3'],
      12,
    );
    expect(at(true, 2, 'european_handicap:full:-1')).toEqual({
      method: plan.live.threeWay.method,
      margin: plan.live.threeWay.margin + plan.groups.secondary + plan.tiers['2'],
    });
    // The shipped plan is the book a trader expects: main lines lowest, niche highest, top leagues
    // below the lower divisions, in play above pre-match.
    expect(plan.groups.main).toBeLessThan(plan.groups.secondary);
    expect(plan.groups.secondary).toBeLessThan(plan.groups.niche);
    expect(plan.tiers['1']).toBeLessThan(plan.tiers['2']);
    expect(plan.tiers['2']).toBeLessThan(plan.tiers['3']);
    expect(plan.preMatch.twoWay.margin).toBeLessThan(plan.live.twoWay.margin);
  });

  it('reads a market’s overround from its prices, and none when a side has no price', () => {
    expect(overroundMilli([1900, 1900])).toBe(53);
    expect(overroundMilli([2000, 2000])).toBe(0);
    expect(overroundMilli([2000, null])).toBeNull();
    expect(overroundMilli([1500])).toBeNull();
    // Dupla Chance: each result wins two selections, so its book is read over 2.
    expect(overroundMilli([1220, 1290, 1880], 2)).toBe(
      Math.round(((1 / 1.22 + 1 / 1.29 + 1 / 1.88) / 2 - 1) * 1000),
    );
  });

  it('prices every listed market of the simulated world at its own margin, at least, and never far above', () => {
    const feed = new SimulatedFeed({ seed: 'book-margins', speed: 1, windowHours: () => 48, margins: plan });
    const now = Date.UTC(2026, 2, 7, 15, 0);
    const byGroup = new Map<string, { sum: number; n: number }>();
    let checked = 0;
    for (const tl of feed.dayTimelines(dayOf(now) + 1)) {
      const snap = feed.snapshot(tl.fixture.id, now);
      if (!snap || snap.state.phase !== 'pre') continue;
      const margins = marginFor(plan, false, snap.tier);
      for (const market of snap.markets) {
        const over = overroundMilli(market.outcomes.map((o) => (o.active ? o.oddsMilli : null)));
        if (over === null) continue;
        const set = margins(market.key as MarketKey).margin * 1000;
        // Prices are rounded DOWN to the ladder, which only adds to the book; a ladder step at
        // long odds adds more, so the upper bound is loose for markets with a long shot.
        expect(over, `${snap.id} ${market.id}`).toBeGreaterThanOrEqual(set - 1);
        if (outcomeIds(market.key.type).length === 2 && market.outcomes.every((o) => o.oddsMilli! < 3000)) {
          expect(over, `${snap.id} ${market.id}`).toBeLessThanOrEqual(set + 25);
        }
        const bucket = `${snap.sport}|${marginGroup(market.key)}|${snap.tier}`;
        const b = byGroup.get(bucket) ?? { sum: 0, n: 0 };
        byGroup.set(bucket, { sum: b.sum + over, n: b.n + 1 });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    const mean = (bucket: string) => {
      const b = byGroup.get(bucket)!;
      return b.sum / b.n;
    };
    // Observed on the book itself: football's niche markets above its main lines, the Série C
    // (tier 3) above the top leagues.
    expect(mean('football|niche|1')).toBeGreaterThan(mean('football|main|1') + 20);
    expect(mean('football|main|3')).toBeGreaterThan(mean('football|main|1') + 10);
  });
});
