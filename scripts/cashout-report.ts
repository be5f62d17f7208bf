import { loadConfig } from '../server/infra/config';
import { SimulatedFeed } from '../server/modules/sports/sim/simulated-feed';
import { MINUTE_MS, dayOf } from '../server/modules/sports/sim/clock';
import { randomStream } from '../server/modules/sports/sim/random';
import { openLegValue } from '../domain/sports/cashout';
import { removeMargin } from '../domain/sports/margin';
import { byShape } from '../domain/sports/book-margins';
import type { FeedMarket } from '../server/modules/sports/feed';

/**
 * `npx tsx scripts/cashout-report.ts [days]`: the cash-out offer ÷ the bet's fair value, by bet
 * shape, on the simulated feed with the configured margins — today's formula (decision 52) beside
 * the one it replaced (stake × odds taken ÷ odds now × (1 − take)). A leg is taken at a random
 * moment (before the start or in play) and valued at a later one; a parlay multiplies independent
 * legs. The fair value removes the margin from the prices exactly (the method it was applied with,
 * no ladder allowance) and counts a line's refunds.
 */
const config = loadConfig({ ...process.env, TREVO_LOG_LEVEL: 'silent' });
const sports = config.file.sports;
const take = sports.cashoutMargin;
const feed = new SimulatedFeed({
  seed: 'cashout-report',
  speed: 1,
  windowHours: () => 48,
  margins: sports.margins,
});
const days = Number(process.argv[2] ?? 6);
const r = randomStream('cashout-report', 'legs');
const from = dayOf(Date.UTC(2026, 2, 7, 20, 0));

interface LegSample {
  live: boolean;
  /** Factors per unit stake: today's offer, the old offer, the fair value. */
  now: number;
  old: number;
  fair: number;
}

const methodOf = (market: FeedMarket, live: boolean) =>
  byShape(sports.margins[live ? 'live' : 'preMatch'])(market.key).method;

const samples: LegSample[] = [];
for (let day = from; day < from + days; day++) {
  for (const tl of feed.dayTimelines(day)) {
    if (tl.fixture.fate !== 'normal' || tl.kickoff === null || tl.finalAt === null) continue;
    const span = tl.finalAt - tl.kickoff;
    // Valued before the start (taken a day before), or in play (taken before or earlier in play).
    const pre = r() < 0.4;
    const t1 =
      pre || r() < 0.3 ? tl.kickoff - (2 + 20 * r()) * 60 * MINUTE_MS : tl.kickoff + r() * span * 0.6;
    const t2 = pre ? tl.kickoff - 30 * MINUTE_MS : Math.max(t1 + MINUTE_MS, tl.kickoff) + r() * span * 0.3;
    const at1 = feed.snapshot(tl.fixture.id, feed.clock.toReal(t1));
    if (!at1 || at1.state.phase === null || at1.state.suspended) continue;
    const market = at1.markets[Math.floor(r() * at1.markets.length)];
    if (!market) continue;
    const outcome = market.outcomes[Math.floor(r() * market.outcomes.length)]!;
    if (outcome.oddsMilli === null) continue;
    // Valued later on the same market (a football from-placement line would shift; skipped here).
    if (at1.state.phase === 'live' && market.key.type.endsWith('handicap') && at1.sport === 'football')
      continue;
    const later = feed.price(tl.fixture.id, market.id, feed.clock.toReal(t2));
    const snap2 = feed.snapshot(tl.fixture.id, feed.clock.toReal(t2));
    if (!later || !snap2 || snap2.state.suspended || later.outcomes.some((o) => o.oddsMilli === null))
      continue;
    const live2 = snap2.state.phase === 'live';
    const method = methodOf(later, live2);
    const prices = later.outcomes.map((o) => ({ id: o.id, oddsMilli: o.oddsMilli }));
    const now = openLegValue({
      oddsMilli: outcome.oddsMilli,
      outcomeId: outcome.id,
      prices,
      method,
      refundShare: later.refundShare ?? 0,
    });
    if (now === null) continue;
    const idx = later.outcomes.findIndex((o) => o.id === outcome.id);
    const q = removeMargin(
      later.outcomes.map((o) => o.oddsMilli! / 1000),
      method,
    )[idx]!;
    const x = (outcome.oddsMilli / 1000) * q;
    const refund = later.refundShare ?? 0;
    const fair = 1 + (1 - refund) * (x - 1);
    const old = outcome.oddsMilli / later.outcomes[idx]!.oddsMilli!;
    samples.push({ live: live2, now, old, fair });
  }
}

function shape(name: string, legs: number, live: boolean | null, runs = 3000) {
  const pool = samples.filter((s) => live === null || s.live === live);
  const nowRatios: number[] = [];
  const oldRatios: number[] = [];
  for (let k = 0; k < runs; k++) {
    let now = 1 - take;
    let old = 1 - take;
    let fair = 1;
    for (let i = 0; i < legs; i++) {
      const s = pool[Math.floor(r() * pool.length)]!;
      now *= s.now;
      old *= s.old;
      fair *= s.fair;
    }
    nowRatios.push(now / fair);
    oldRatios.push(old / fair);
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return `mean ${mean.toFixed(3)}  min ${sorted[0]!.toFixed(3)}  max ${sorted[sorted.length - 1]!.toFixed(3)}`;
  };
  console.log(`${name.padEnd(28)} before: ${stats(oldRatios)}   after: ${stats(nowRatios)}`);
}

console.log(
  `cash-out offer ÷ fair value, ${samples.length} legs from ${days} simulated days, take ${take}\n`,
);
shape('single, pre-match', 1, false);
shape('single, live', 1, true);
shape('parlay of 2', 2, null);
shape('parlay of 4', 4, null);
shape('parlay of 8', 8, null);
shape('parlay of 8, live legs', 8, true);
