import { z } from 'zod/mini';
import { SCORE_KEYS, type FixtureResult } from '../sports/markets';
import { fixtureIdentitySchema } from '../sports/sports.schema';

/**
 * What the console's operations calls answer (issue 17, "contracts once"): site notices, the casino
 * games' settings, the trader's fixtures and the prize deadlines, and the editable configuration.
 * Money in BRL; instants as ISO text.
 */

/**
 * `GET /api/admin/games` (each game) and `PUT /api/admin/games/{game}` (the game after the change):
 * a casino game's settings as traders see them (limits in BRL; edge as a fraction).
 */
export const adminGameSettingsSchema = z.object({
  game: z.string(),
  stop: z.boolean(),
  minBet: z.number(),
  maxBet: z.number(),
  maxPayout: z.number(),
  edge: z.number(),
});
export type AdminGameSettings = z.infer<typeof adminGameSettingsSchema>;

const side = z.enum(['home', 'away']);
const periodScoreSchema = z.object({
  home: z.number(),
  away: z.number(),
  /** Whether the period was played to its end; settlement reads an absent one as not. */
  complete: z._default(z.boolean(), false),
});
const raceResultSchema = z.object({
  started: z.boolean(),
  position: z.nullable(z.number()),
  laps: z.number(),
});

/** A fixture's stored result as settlement reads it (domain/sports/markets.ts `FixtureResult`). */
export const fixtureResultSchema: z.ZodMiniType<FixtureResult> = z.object({
  status: z.number(),
  /** The scores reached, by period (a row written by hand may have none: read as none yet). */
  scores: z._default(z.partialRecord(z.enum(SCORE_KEYS), periodScoreSchema), {}),
  retired: z.optional(side),
  advanced: z.optional(side),
  innings: z.optional(z.number()),
  race: z.optional(z.object({ home: raceResultSchema, away: raceResultSchema })),
  classification: z.optional(z.object({ winners: z.array(z.string()), notStarted: z.array(z.string()) })),
  rounds: z.optional(z.object({ round: z.number(), seconds: z.number() })),
  method: z.optional(z.enum(['stoppage', 'points'])),
});

/**
 * `GET /api/admin/sports/fixtures`: a fixture a trader should look at (started with no final
 * result, set by an operator, or with bets held), or one a search found.
 */
export const attentionFixtureSchema = z.object({
  ...fixtureIdentitySchema.shape,
  /** The stored result (scores by period, and the other sports' facts); null before any. */
  result: z.nullable(fixtureResultSchema),
  resultFinal: z.boolean(),
  resultVersion: z.number(),
  /** Who set the result: the feed, or an operator (whose result the feed no longer replaces). */
  resultSource: z.enum(['feed', 'operator']),
  settledVersion: z.number(),
  /** A race's own fixture: its drivers, whose classification the result names (from the feed). */
  field: z.optional(z.array(z.object({ id: z.string(), name: z.string() }))),
});
export type AttentionFixture = z.infer<typeof attentionFixtureSchema>;

/** How far a waiting prize has gone: found, an hour left, 15 minutes left, due time passed. */
export const PRIZE_LEVELS = ['found', 'warned', 'urgent', 'breached'] as const;

/** A sports bet waiting after its events ended (issue 9: a prize is due 120 minutes after). */
export const waitingPrizeSchema = z.object({
  betId: z.string(),
  userId: z.number(),
  username: z.string(),
  /** exception: held for review; open: settlement has not reached it; pending: live decision. */
  state: z.enum(['exception', 'open', 'pending']),
  stake: z.number(),
  potentialReturn: z.number(),
  /** The fixture that ended last: the prize was due from its end. */
  fixtureId: z.string(),
  fixtures: z.array(z.object({ id: z.string(), label: z.string(), endedAt: z.string() })),
  endedAt: z.string(),
  dueAt: z.string(),
  minutesLeft: z.number(),
  level: z.enum(PRIZE_LEVELS),
  /** Set once the server's monitor has recorded the breach. */
  breachedAt: z.nullable(z.string()),
});
export type WaitingPrize = z.infer<typeof waitingPrizeSchema>;

/** A recorded breach of the deadline, paid late or still open. */
export const prizeBreachSchema = z.object({
  betId: z.string(),
  userId: z.number(),
  username: z.string(),
  fixtureId: z.string(),
  /** The bet's state when the monitor found it. */
  state: z.string(),
  endedAt: z.string(),
  dueAt: z.string(),
  breachedAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  resolution: z.nullable(z.string()),
  minutesLate: z.number(),
});
export type PrizeBreach = z.infer<typeof prizeBreachSchema>;

/** `GET /api/admin/sports/prize-deadlines`: the prizes waiting, most urgent first, and the breaches. */
export const prizeDeadlinesSchema = z.object({
  now: z.string(),
  deadlineMinutes: z.number(),
  waiting: z.array(waitingPrizeSchema),
  breaches: z.array(prizeBreachSchema),
});
export type PrizeDeadlines = z.infer<typeof prizeDeadlinesSchema>;

/**
 * The sections of the configuration file an operator may change from the console (issue 8); the
 * others (site, games, turnover, demo, sign-up limits) stay as in the file.
 */
export const CONFIG_SECTIONS = [
  'promotions',
  'packages',
  'offers',
  'vip',
  'deposit',
  'withdraw',
  'sports',
  'compliance',
] as const;
export type ConfigSectionName = (typeof CONFIG_SECTIONS)[number];

/**
 * A section as the console edits it. Its `value` is the section as the running server holds it,
 * whose shape is each section's own schema in the server's configuration (server/infra/config.ts).
 */
export const configSectionSchema = z.object({
  section: z.enum(CONFIG_SECTIONS),
  value: z.unknown(),
  /** 0 while the file's value is in use; larger after each operator change. */
  version: z.number(),
  updatedBy: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
});
export type ConfigSection = z.infer<typeof configSectionSchema>;

/** `GET /api/admin/config`: the server's profile and every editable section. */
export const configViewSchema = z.object({
  profile: z.enum(['seed', 'br-regulated']),
  sections: z.array(configSectionSchema),
});
export type ConfigView = z.infer<typeof configViewSchema>;
