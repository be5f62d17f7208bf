import { z } from 'zod/mini';

/**
 * What finance's money calls in the console answer (issue 17, "contracts once"): the ledger's
 * accounts and transactions, the ledger and audit-chain checks, and the withdrawal decisions. Money
 * in BRL; instants as ISO text. (The reconciliation and the reports are in back-office.schema.ts.)
 */

/** `GET /api/admin/ledger/accounts`: the accounts of one kind, house or players', with their balance. */
export const ledgerAccountRowSchema = z.object({
  kind: z.string(),
  /** A house account (no player), or the players' accounts of that kind in total. */
  house: z.boolean(),
  accounts: z.number(),
  balance: z.number(),
});
export type LedgerAccountRow = z.infer<typeof ledgerAccountRowSchema>;

/** A posting of a ledger transaction: the account's code and kind, its player (none: a house account). */
export const ledgerPostingSchema = z.object({
  account: z.string(),
  kind: z.string(),
  userId: z.nullable(z.number()),
  amount: z.number(),
});

/** `GET /api/admin/ledger/transactions`: a transaction with its postings, newest first. */
export const ledgerTransactionSchema = z.object({
  /** The transaction's id as text (a bigint); `before` pages on from it. */
  id: z.string(),
  /** Its idempotency key (`pix:…`, `withdraw-paid:…`, …). */
  key: z.string(),
  kind: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  postings: z.array(ledgerPostingSchema),
});
export type LedgerTransaction = z.infer<typeof ledgerTransactionSchema>;

/** `POST /api/admin/ledger/audit`: whether the ledger holds together, and each problem found. */
export const ledgerAuditSchema = z.object({ sound: z.boolean(), problems: z.array(z.string()) });
export type LedgerAudit = z.infer<typeof ledgerAuditSchema>;

/** `GET /api/admin/audit/verify`: the operators' audit chain checked row by row. */
export const auditChainCheckSchema = z.object({ rows: z.number(), problems: z.array(z.string()) });
export type AuditChainCheck = z.infer<typeof auditChainCheckSchema>;

/** What an approval did: queued the payout, or recorded the first of the two a large one needs. */
export const APPROVAL_OUTCOMES = ['queued', 'firstApproval'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

/** `POST /api/admin/withdrawals/{id}/approve`. */
export const withdrawalApprovedSchema = z.object({ outcome: z.enum(APPROVAL_OUTCOMES) });
export type WithdrawalApproved = z.infer<typeof withdrawalApprovedSchema>;

/** One id of `POST /api/admin/withdrawals/bulk`: decided, or refused with the catalogue's message. */
export const bulkResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** The refusal in the request's language; null when it was decided. */
  message: z.nullable(z.string()),
  /** An approval's outcome; null for a rejection or a refusal. */
  outcome: z.nullable(z.enum(APPROVAL_OUTCOMES)),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkResultsSchema = z.array(bulkResultSchema);
