import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import type { SportKey } from '../../../domain/sports/sports';
import type { SportsFeed } from './feed';
import { SimulatedFeed } from './sim/simulated-feed';
import { storedFeedSeed } from './fixtures.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sportsbook (tests drive its feed and clock). */
    sports: Sports;
  }
}

/**
 * The sportsbook's parts for one app: the feed adapter, the clock every decision reads (tests
 * replace it to drive the simulated world deterministically), and the configured rules.
 */
export interface Sports {
  feed: SportsFeed;
  /** Wall-clock milliseconds as the sportsbook sees them. */
  now(): number;
  /**
   * Moves the sportsbook's clock forward by `realMs` (TREVO_TEST_CLOCK only: end-to-end tests play a
   * match out instead of waiting for it). The feed catches up on its next pump.
   */
  advance(realMs: number): void;
  /** A live bet's hold in real milliseconds: the sport's delay, scaled by the feed's speed. */
  liveDelayMs(sport: SportKey): number;
  /**
   * How long a postponed or interrupted fixture may still be played, in real milliseconds: the
   * sport's window (48 h by default), scaled by the feed's speed.
   */
  windowMs(sport: SportKey): number;
}

export interface SportsOptions {
  /** Replaces Date.now (tests). */
  clock?: () => number;
}

/**
 * Builds the sportsbook (app.ts then lets sockets watch fixtures: live.ts installWatchHandlers).
 * Without SPORTS_FEED_SEED the seed is drawn once and kept in the database, so every instance
 * (and every restart) simulates the same world.
 */
export async function createSports(ctx: AppContext, options: SportsOptions = {}): Promise<Sports> {
  // Read live: operators change margins and live delays from the console (config-overrides.ts).
  const cfg = () => ctx.config.file.sports;
  let seed = ctx.config.sportsFeed.seed;
  if (!seed) {
    seed = await storedFeedSeed(ctx.db, randomBytes(16).toString('hex'));
  }
  const speed = ctx.config.sportsFeed.speed;
  const feed = new SimulatedFeed({
    seed,
    speed,
    windowHours: (sport) => cfg().windowHours[sport],
    get margins() {
      return cfg().margins;
    },
  });
  const base = options.clock ?? Date.now;
  let ahead = 0;
  return {
    feed,
    now: () => base() + ahead,
    advance: (realMs) => {
      ahead += Math.max(0, realMs);
    },
    liveDelayMs: (sport) => (cfg().liveDelaySeconds[sport] * 1000) / speed,
    windowMs: (sport) => (cfg().windowHours[sport] * 3_600_000) / speed,
  };
}
