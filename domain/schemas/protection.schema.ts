import { z } from 'zod/mini';

/**
 * Player protection (issue 9, research/brazil.md §4): limits a player sets on themself and
 * exclusions. Money limits travel as BRL amounts (parsed by `parseAmount`), the session-time limit
 * as minutes; `amount: null` removes a limit.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A raise or removal takes effect this long after it is asked (a lowering at once). */
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;
/** Cool-off from 24 hours to 6 weeks. */
export const COOLOFF_MIN_HOURS = 24;
export const COOLOFF_MAX_HOURS = 6 * 7 * 24;
/** Self-exclusion lengths offered, in months; null is permanent. */
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
/** Longest session-time limit a player can set (a day). */
export const SESSION_LIMIT_MAX_MINUTES = 24 * 60;

/** `POST /api/app/user/protection/limit`. */
export const limitInputSchema = z.strictObject({
  kind: z.enum(LIMIT_KINDS, { message: 'invalidInput' }),
  period: z.enum(LIMIT_PERIODS, { message: 'invalidInput' }),
  /** BRL for deposit and loss, minutes for session; null removes the limit (after 24 h). */
  amount: z.unknown(),
});
export type LimitInput = z.infer<typeof limitInputSchema>;

/** `POST /api/app/user/protection/exclusion`: the password confirms a decision that ends the session. */
export const exclusionInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('cooloff'),
      hours: z
        .int({ message: 'invalidInput' })
        .check(
          z.minimum(COOLOFF_MIN_HOURS, { message: 'cooloffRange' }),
          z.maximum(COOLOFF_MAX_HOURS, { message: 'cooloffRange' }),
        ),
      pwd: z.string().check(z.minLength(1, { message: 'passwordRequired' }), z.maxLength(128)),
    }),
    z.strictObject({
      kind: z.literal('self'),
      months: z.union([z.literal(6), z.literal(12), z.literal(24), z.literal(60), z.null()], {
        message: 'invalidInput',
      }),
      pwd: z.string().check(z.minLength(1, { message: 'passwordRequired' }), z.maxLength(128)),
    }),
  ],
  { message: 'invalidInput' },
);
export type ExclusionInput = z.infer<typeof exclusionInputSchema>;

/** What the exclusion answers: nothing but the message (the session has ended). */
export const exclusionDoneSchema = z.null();

/** One limit as `GET /api/app/user/protection` shows it (money in BRL, session in minutes). */
export interface LimitView {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  /** How much of it the current window has used. */
  used: number;
  /** A raise (new amount) or removal (null) waiting until `pendingFrom`. */
  pending: { amount: number | null; from: string } | null;
}

/** `GET /api/app/user/protection` as the client checks it. */
export const protectionViewSchema = z.object({
  limits: z.array(
    z.object({
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      amount: z.number(),
      used: z.number(),
      pending: z.nullable(z.object({ amount: z.nullable(z.number()), from: z.string() })),
    }),
  ),
  realityCheckMinutes: z._default(z.nullable(z.int()), null),
});
export type ProtectionView = z.infer<typeof protectionViewSchema>;

/** Reality checks: a reminder every N minutes of a session (5 to 240); null turns it off. */
export const REALITY_CHECK_MIN_MINUTES = 5;
export const REALITY_CHECK_MAX_MINUTES = 240;
/** The intervals the account page offers. */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

/** `POST /api/app/user/protection/reality-check`. */
export const realityCheckInputSchema = z.strictObject({
  minutes: z.nullable(
    z
      .int({ message: 'realityCheckInvalid' })
      .check(
        z.minimum(REALITY_CHECK_MIN_MINUTES, { message: 'realityCheckInvalid' }),
        z.maximum(REALITY_CHECK_MAX_MINUTES, { message: 'realityCheckInvalid' }),
      ),
  ),
});

/** `GET /api/app/user/protection/session`: the calling session so far. */
export const sessionSummarySchema = z.object({
  startedAt: z.string(),
  /** Whole minutes since the session began. */
  minutes: z.int(),
  /** Net result of the session's bets in BRL, from the ledger (negative: lost). */
  net: z.number(),
  /** The player's reality-check interval, or null. */
  realityCheckMinutes: z.nullable(z.int()),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
