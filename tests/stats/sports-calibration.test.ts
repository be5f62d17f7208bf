import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/infra/config';
import { SimulatedFeed } from '../../server/modules/sports/sim/simulated-feed';
import { dayOf } from '../../server/modules/sports/sim/clock';
import { calibration, calibrationTable, withinTolerance } from '../../scripts/feed-calibration';

/**
 * A simulation a trader would believe (sportsbook issue): the simulated world's figures beside
 * real ones (scripts/feed-calibration.ts, references in docs/operations.md). `npm test` plays 120
 * simulated days (a weekly sport needs them); `npm run test:stats` 360.
 */
const FULL = process.env.STATS_FULL === '1';
const DAYS = FULL ? 360 : 120;

describe('the simulated world against real figures', () => {
  it('holds every calibrated figure within its tolerance', () => {
    const config = loadConfig({ ...process.env, TREVO_LOG_LEVEL: 'silent' });
    const feed = new SimulatedFeed({
      seed: 'calibration',
      speed: 1,
      windowHours: () => 48,
      margins: config.file.sports.margins,
    });
    const rows = calibration(feed, dayOf(Date.UTC(2026, 2, 7, 20, 0)), DAYS);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const r of rows) expect(r.matches, r.figure).toBeGreaterThan(50);
    const off = rows.filter((r) => !withinTolerance(r));
    expect(off, calibrationTable(off)).toEqual([]);
  });
});
