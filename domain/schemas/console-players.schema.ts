import { z } from 'zod/mini';
import { adminDepositSchema, playerRowSchema, withdrawalsPageSchema } from './back-office.schema';
import { gameRecordSchema } from './game.schema';
import { KYC_REVIEWS } from './kyc.schema';
import { protectionViewSchema } from './protection.schema';
import { mySportsBetSchema } from '../sports/sports.schema';
import type { PlayerHistoryKind } from './back-office.schema';

/**
 * What the console's player desk answers (issue 17, "contracts once"): a player's page, their money
 * history from the ledger, their bets and payments, and what locking, unlocking, ending sessions and
 * writing a note did. Money in BRL; instants as ISO text.
 */

/** `GET /api/admin/players/{id}`: the player as support, finance and compliance see them. */
export const playerProfileSchema = z.extend(z.omit(playerRowSchema, { locked: true }), {
  phone: z.string(),
  /** The review of the player's identity documents (issue 19). */
  kycReview: z.enum(KYC_REVIEWS),
  birthDate: z.nullable(z.string()),
  balances: z.object({ cash: z.number(), bonus: z.number(), withdrawalHold: z.number() }),
  /** Live sessions, newest first. */
  sessions: z.array(
    z.object({ id: z.number(), createdAt: z.string(), lastSeenAt: z.string(), ip: z.nullable(z.string()) }),
  ),
  /** Set while an operator keeps the account locked: since when, and why. */
  locked: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  /** The player's own limits, as the player's protection page shows them. */
  limits: protectionViewSchema.shape.limits,
  /** The latest exclusion that has not ended (null `endsAt`: permanent). */
  exclusion: z.nullable(
    z.object({ kind: z.enum(['cooloff', 'self']), startsAt: z.string(), endsAt: z.nullable(z.string()) }),
  ),
  /** Operators' notes, newest first. */
  notes: z.array(z.object({ id: z.number(), text: z.string(), operator: z.string(), createdAt: z.string() })),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

/** `GET /api/admin/players/{id}/ledger`: one posting on the player's accounts, newest first. */
export const playerPostingSchema = z.object({
  transactionId: z.string(),
  /** The transaction's kind (bet, payout, deposit, …). */
  kind: z.string(),
  reference: z.string(),
  /** The player's account it moved (user_cash, user_bonus, withdrawal_hold). */
  account: z.string(),
  amount: z.number(),
  createdAt: z.string(),
});
export type PlayerPosting = z.infer<typeof playerPostingSchema>;

/** Each kind of `GET /api/admin/players/{id}/history?kind=`: one page, newest first. */
export const playerHistoryPageSchemas = {
  casino: z.object({
    list: z.array(gameRecordSchema),
    total: z.number(),
    page: z.number(),
    size: z.number(),
  }),
  sports: z.object({ list: z.array(mySportsBetSchema), total: z.number() }),
  deposits: z.object({ list: z.array(adminDepositSchema), total: z.number() }),
  withdrawals: withdrawalsPageSchema,
} as const satisfies Record<PlayerHistoryKind, z.ZodMiniType>;
/** The history's answer, whichever kind was asked. */
export const playerHistoryPageSchema = z.union([
  playerHistoryPageSchemas.casino,
  playerHistoryPageSchemas.sports,
  playerHistoryPageSchemas.deposits,
  playerHistoryPageSchemas.withdrawals,
]);
/** What each kind of a player's history lists. */
export type PlayerHistoryRow = {
  [K in PlayerHistoryKind]: z.infer<(typeof playerHistoryPageSchemas)[K]>['list'][number];
};

/** `POST /api/admin/players/{id}/sessions/end`: how many sessions ended. */
export const sessionsEndedSchema = z.object({ ended: z.number() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
/** `POST /api/admin/players/{id}/lock`: locked, and how many sessions that ended. */
export const playerLockedSchema = z.object({ locked: z.literal(true), ended: z.number() });
export type PlayerLocked = z.infer<typeof playerLockedSchema>;
/** `POST /api/admin/players/{id}/unlock`. */
export const playerUnlockedSchema = z.object({ locked: z.literal(false) });
export type PlayerUnlocked = z.infer<typeof playerUnlockedSchema>;
/** `POST /api/admin/players/{id}/notes`: the note written. */
export const playerNoteAddedSchema = z.object({ id: z.number(), createdAt: z.string() });
export type PlayerNoteAdded = z.infer<typeof playerNoteAddedSchema>;
