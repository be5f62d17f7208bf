import { loadConfig } from '../server/infra/config';
import { SimulatedFeed } from '../server/modules/sports/sim/simulated-feed';
import { DAY_MS, MINUTE_MS, SIM_ANCHOR_MS, dayOf } from '../server/modules/sports/sim/clock';
import type { SimTimeline } from '../server/modules/sports/sim/sport-sim';
import { SPORT_KEYS } from '../domain/sports/sports';
import { calibration, calibrationTable } from './feed-calibration';

/**
 * `npm run feed:report [-- --seed S --days N --from YYYY-MM-DD --calibration-days D]`: the
 * simulated feed's realism figures of design/sports.md per seeded day — fixtures per sport, peak
 * live fixtures, mean football goals (2.4–2.9 expected), postponements, abandonments,
 * retirements and corrections — then the feed's cost at the day's peak (CPU per tick of the
 * 500 ms feed loop, messages per second), then the calibration table (feed-calibration.ts): each
 * sport's figures beside real ones. Exits 1 when a day misses a figure; the calibration is
 * reported, and held to its tolerances by tests/stats/sports-calibration.test.ts.
 */
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const config = loadConfig({ ...process.env, TREVO_LOG_LEVEL: 'silent' });
const seed = arg('seed', process.env.SPORTS_FEED_SEED ?? 'feed-report');
const days = Number(arg('days', '7'));
const from = dayOf(Date.parse(`${arg('from', new Date().toISOString().slice(0, 10))}T12:00:00Z`));
const options = {
  seed,
  speed: 1,
  windowHours: (sport: (typeof SPORT_KEYS)[number]) => config.file.sports.windowHours[sport],
  margins: config.file.sports.margins,
};
const feed = new SimulatedFeed(options);

console.log(
  `simulated feed report — seed "${seed}", ${days} day(s) from ${new Date(SIM_ANCHOR_MS + from * DAY_MS).toISOString().slice(0, 10)}`,
);
let failed = false;
const allGoals: number[] = [];
let busiest = { live: 0, at: 0 };
for (let day = from; day < from + days; day++) {
  const dayStart = SIM_ANCHOR_MS + day * DAY_MS;
  const timelines = feed.dayTimelines(day);
  const around: SimTimeline[] = [...feed.dayTimelines(day - 1), ...timelines];
  const perSport = SPORT_KEYS.map((k) => `${k} ${timelines.filter((t) => t.fixture.sport === k).length}`);
  let peak = 0;
  let peakAt = dayStart;
  for (let t = dayStart; t < dayStart + DAY_MS; t += MINUTE_MS) {
    const live = around.filter((tl) => feed.stateAt(tl, t).phase === 'live').length;
    if (live > peak) [peak, peakAt] = [live, t];
  }
  const played = timelines.filter(
    (tl) => tl.fixture.sport === 'football' && tl.fixture.fate === 'normal' && tl.finalAt !== null,
  );
  const goals = played.map((tl) => {
    const full = feed.result(tl.fixture.id, feed.clock.toReal(tl.finalAt!) + 1)!.result.scores.full!;
    return full.home + full.away;
  });
  const mean = goals.reduce((a, b) => a + b, 0) / Math.max(1, goals.length);
  const count = (fate: string) => timelines.filter((tl) => tl.fixture.fate === fate).length;
  const figures = {
    postponed: count('postponed'),
    abandoned: count('abandoned'),
    corrected: count('corrected'),
    retired: count('retired'),
  };
  console.log(`\nday ${new Date(dayStart).toISOString().slice(0, 10)} (São Paulo)`);
  console.log(`  fixtures: ${timelines.length} — ${perSport.join(', ')}`);
  console.log(
    `  peak live fixtures: ${peak} at ${new Date(peakAt - 3 * 3_600_000).toISOString().slice(11, 16)} São Paulo`,
  );
  console.log(`  football goals per normal match: ${mean.toFixed(2)} over ${goals.length} matches`);
  console.log(
    `  postponed ${figures.postponed}, abandoned ${figures.abandoned}, corrected ${figures.corrected}, retired ${figures.retired}`,
  );
  allGoals.push(...goals);
  if (figures.postponed < 1 || figures.abandoned < 1 || figures.corrected < 1 || figures.retired < 1) {
    console.log('  ! missing a postponement, an abandonment, a correction or a retirement');
    failed = true;
  }

  if (peak > busiest.live) busiest = { live: peak, at: peakAt };
}
// Cost: a fresh feed pumped every 500 ms through ten minutes of the busiest moment, as the loop does.
const pumped = new SimulatedFeed(options);
let messages = 0;
pumped.subscribe(() => messages++);
const startAt = busiest.at + 20 * MINUTE_MS;
pumped.advance(startAt);
messages = 0;
const ticks = (10 * MINUTE_MS) / 500;
const cpu = process.cpuUsage();
for (let k = 1; k <= ticks; k++) pumped.advance(startAt + k * 500);
const used = process.cpuUsage(cpu);
const ms = (used.user + used.system) / 1000;
console.log(
  `\nfeed cost at the busiest moment (${busiest.live} live): ${(ms / ticks).toFixed(2)} ms CPU per 500 ms tick ` +
    `(${((ms / ticks / 500) * 100).toFixed(2)} % of a core), ${(messages / (10 * 60)).toFixed(1)} messages/s ` +
    'at SPORTS_FEED_SPEED 1 (messages grow with the speed)',
);
const overall = allGoals.reduce((a, b) => a + b, 0) / Math.max(1, allGoals.length);
console.log(
  `\nfootball goals per normal match over ${allGoals.length} matches: ${overall.toFixed(2)} (2.4–2.9 expected)`,
);
// One day's mean of a few dozen matches varies by ±0.3; the figure is judged over the whole run.
if (allGoals.length >= 100 && (overall < 2.4 || overall > 2.9)) failed = true;

// The calibration table: a trader's figures over a season's worth of days (weekly sports need
// them), from the same seed; ✗ marks a figure outside its tolerance (docs/operations.md).
const seasonDays = Number(arg('calibration-days', '120'));
const rows = calibration(new SimulatedFeed(options), from, seasonDays);
console.log(`\ncalibration over ${seasonDays} simulated days (measured, reference ± tolerance):`);
console.log(calibrationTable(rows));
process.exitCode = failed ? 1 : 0;
