import { z } from 'zod';
import { recordId } from './common.schema';

/**
 * What finance's back-office calls answer (issue 8), shared by the server that builds the rows and
 * the console that draws them. Money in BRL; RTP as a fraction.
 */

/** One day of the daily report (São Paulo days); money in BRL. Server and console share it. */
export interface DailyReportRow {
  day: string;
  casinoStakes: number;
  casinoPayouts: number;
  casinoGgr: number;
  sportsStakes: number;
  sportsPayouts: number;
  sportsGgr: number;
  deposits: number;
  withdrawals: number;
  newPlayers: number;
  /** Players whose first paid deposit fell on the day. */
  firstDeposits: number;
}

/** One game or sport over a range (null RTP: nothing staked, or sports, whose prices carry the margin). */
export interface ProductRow {
  product: string;
  kind: 'casino' | 'sports';
  bets: number;
  stakes: number;
  payouts: number;
  ggr: number;
  rtpObserved: number | null;
  rtpConfigured: number | null;
}

/** What a reconciled deposit or withdrawal found; anything but `ok` needs an operator. */
export type Verdict =
  'ok' | 'paidNotCredited' | 'creditedNotPaid' | 'amountMismatch' | 'unknownAtProvider' | 'stateMismatch';

export interface ReconciledRow {
  kind: 'deposit' | 'withdrawal';
  id: string;
  userId: number;
  amount: number;
  state: string;
  provider: string;
  ledger: string;
  verdict: Verdict;
}

/** `GET /api/admin/ledger/reconciliation`. */
export interface Reconciliation {
  provider: string;
  checked: number;
  issues: number;
  rows: ReconciledRow[];
}

// ---------------------------------------------------------------------------------------------
// What the console's calls read (issue 17, "contracts once"): the routes declare and parse these,
// the fuzzer attacks them, the OpenAPI document at /api/docs describes them.

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalidInput' });

export const playerSearchSchema = z.object({
  q: z.string().trim().min(2, { message: 'invalidInput' }).max(100),
});
export const playerLockSchema = z.strictObject({
  reason: z.string().trim().min(3, { message: 'invalidInput' }).max(500),
});
export const playerNoteSchema = z.strictObject({
  text: z.string().trim().min(1, { message: 'invalidInput' }).max(2000),
});
export const reportQuerySchema = z.object({
  from: isoDay,
  to: isoDay,
  format: z.enum(['json', 'csv']).default('json'),
});
export const transactionsQuerySchema = z.object({
  kind: z.string().trim().max(40).optional(),
  reference: z.string().trim().max(80).optional(),
  /** Transactions older than this id (the page before). */
  before: recordId().optional(),
});
export const dayRangeSchema = z.object({ from: isoDay, to: isoDay });
export const configPutSchema = z.strictObject({
  value: z.unknown(),
  /** The version the operator edited (0: the file's value); another change in between answers 409. */
  version: z.number().int().min(0).optional(),
});
export const fixtureSearchSchema = z.object({ q: z.string().trim().max(80).optional() });
export const noticeSchema = z.strictObject({
  text: z.string().trim().min(1, { message: 'noticeEmpty' }).max(500, { message: 'tooLong' }),
});
export const withdrawalsQuerySchema = z.object({
  status: z.enum(['waiting_approval', 'queued', 'sent', 'paid', 'failed', 'rejected']).optional(),
});
/** Why a withdrawal was refused: the player and the audit read it, so it must say something. */
export const rejectReasonSchema = z
  .string({ message: 'reasonRequired' })
  .trim()
  .min(5, { message: 'reasonRequired' })
  .max(200, { message: 'tooLong' });
export const withdrawalRejectSchema = z.strictObject({ note: rejectReasonSchema.prefault('') });
export const withdrawalsBulkSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve'), ids: z.array(z.string().min(1).max(40)).min(1).max(50) }),
  z.strictObject({
    action: z.literal('reject'),
    ids: z.array(z.string().min(1).max(40)).min(1).max(50),
    note: rejectReasonSchema.prefault(''),
  }),
]);
