import { z } from 'zod/mini';
import { pageParam, reasonText, recordId } from './common.schema';

/**
 * What finance's back-office calls answer (issue 8), shared by the server that builds the rows and
 * the console that draws them. Money in BRL; RTP as a fraction.
 */

/** One day of the daily report (São Paulo days); money in BRL. Server and console share it. */
export const dailyReportRowSchema = z.object({
  day: z.string(),
  casinoStakes: z.number(),
  casinoPayouts: z.number(),
  casinoGgr: z.number(),
  sportsStakes: z.number(),
  sportsPayouts: z.number(),
  sportsGgr: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  newPlayers: z.number(),
  /** Players whose first paid deposit fell on the day. */
  firstDeposits: z.number(),
});
/** `GET /api/admin/reports/daily` (JSON): one row a day. */
export type DailyReportRow = z.infer<typeof dailyReportRowSchema>;

/** One game or sport over a range (null RTP: nothing staked, or sports, whose prices carry the margin). */
export const productRowSchema = z.object({
  product: z.string(),
  kind: z.enum(['casino', 'sports']),
  bets: z.number(),
  stakes: z.number(),
  payouts: z.number(),
  ggr: z.number(),
  rtpObserved: z.nullable(z.number()),
  rtpConfigured: z.nullable(z.number()),
});
/** `GET /api/admin/reports/products` (JSON): one row a game or sport. */
export type ProductRow = z.infer<typeof productRowSchema>;

/**
 * The sportsbook's margins against what it kept, over settled and cashed-out bets of a range
 * (decision 80): singles by market group and competition tier, múltiplas in one row. `marginBook`
 * is the stake-weighted overround of the books bet into (a múltipla's: of the product of its
 * legs'); `holdExpected` what those books keep of a stake on average (m ÷ (1 + m), exact for a
 * proportional margin); `holdObserved` what was kept, 1 − returns ÷ stakes. Null when unknown
 * (bets placed before the book was recorded, or nothing staked).
 */
export const marginRowSchema = z.object({
  group: z.enum(['main', 'secondary', 'niche', 'parlay', 'builder']),
  tier: z.nullable(z.int().check(z.minimum(1), z.maximum(3))),
  bets: z.number(),
  stakes: z.number(),
  returns: z.number(),
  ggr: z.number(),
  marginBook: z.nullable(z.number()),
  holdExpected: z.nullable(z.number()),
  holdObserved: z.nullable(z.number()),
});
/** `GET /api/admin/reports/margins` (JSON): one row a market group and tier. */
export type MarginRow = z.infer<typeof marginRowSchema>;

/** What a reconciled deposit or withdrawal found; anything but `ok` needs an operator. */
export const VERDICTS = [
  'ok',
  'paidNotCredited',
  'creditedNotPaid',
  'amountMismatch',
  'unknownAtProvider',
  'stateMismatch',
] as const;
export type Verdict = (typeof VERDICTS)[number];

export const reconciledRowSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.string(),
  userId: z.number(),
  amount: z.number(),
  /** The order's status code (deposit) or the withdrawal's payout state, as stored. */
  state: z.string(),
  /** The provider's status of the charge or payout, `—` when it knows none. */
  provider: z.string(),
  /** The ledger's credit in BRL as text (deposit), the releasing transaction's kind (withdrawal), or `—`. */
  ledger: z.string(),
  verdict: z.enum(VERDICTS),
});
export type ReconciledRow = z.infer<typeof reconciledRowSchema>;

/** `GET /api/admin/ledger/reconciliation`. */
export const reconciliationSchema = z.object({
  provider: z.string(),
  checked: z.number(),
  issues: z.number(),
  rows: z.array(reconciledRowSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** The `data` of a success that answers nothing but the fact (`ok()` without data: `null`). */
export const noDataSchema = z.null();

// ---------------------------------------------------------------------------------------------
// What the console's calls read (issue 17, "contracts once"): the routes declare and parse these,
// the fuzzer attacks them, the OpenAPI document at /api/docs describes them.

/** A calendar day `YYYY-MM-DD` that exists (2026-13-01 answered 500, 2026-02-31 rolled into March). */
const isoDay = z.string().check(
  // Years 1000–2999: PostgreSQL has no year 0 and answered 0000-01-01 with an error (a 500).
  z.regex(/^[12]\d{3}-\d{2}-\d{2}$/, { message: 'invalidInput' }),
  z.refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    },
    { message: 'invalidInput' },
  ),
);

/**
 * `GET /api/admin/players`: the player list (issue 19), newest first, in pages — every player, or
 * those matching `q` (e-mail in part, invite code, CPF) and the filters: locked or active, the
 * review of their documents, a VIP level, and São Paulo days of sign-up.
 */
export const playerSearchSchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.minLength(2, { message: 'invalidInput' }), z.maxLength(100))),
  status: z.optional(z.enum(['locked', 'active'])),
  review: z.optional(z.enum(['none', 'pending', 'approved', 'rejected'])),
  vip: z.optional(
    z.pipe(
      z.string().check(
        // VIP 0 to 12 (spec 3)
        z.regex(/^(1[0-2]|\d)$/, { message: 'invalidInput' }),
      ),
      z.transform(Number),
    ),
  ),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
  page: pageParam(10_000, 1),
  size: pageParam(100, 20),
});
export const playerRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  cpf: z.string(),
  inviteCode: z.string(),
  vip: z.number(),
  kyc: z.number(),
  kycReview: z.enum(['none', 'pending', 'approved', 'rejected']),
  locked: z.boolean(),
  createdAt: z.string(),
});
export const playersPageSchema = z.object({ list: z.array(playerRowSchema), total: z.number() });
/**
 * A player's history in the console (issue 19, item 3): casino bets, sports bets, deposits or
 * withdrawals, newest first, in pages.
 */
export const PLAYER_HISTORY_KINDS = ['casino', 'sports', 'deposits', 'withdrawals'] as const;
export type PlayerHistoryKind = (typeof PLAYER_HISTORY_KINDS)[number];
export const playerHistoryQuerySchema = z.object({
  kind: z.enum(PLAYER_HISTORY_KINDS),
  page: pageParam(10_000, 1),
  size: pageParam(100, 20),
});

/** A deposit order as the console lists it (BRL; instants as ISO text). */
export const adminDepositSchema = z.object({
  id: z.string(),
  /** The package bought, or `custom` for the player's own amount. */
  pkgId: z.string(),
  amount: z.number(),
  gift: z.number(),
  /** 00 waiting for payment, 10 credited, 01 cancelled, expired or sent back (see `note`). */
  status: z.string(),
  note: z.string(),
  txid: z.string(),
  endToEndId: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

/**
 * The audit log's search (issue 19, item 6): who did what, when — by operator (username, any case),
 * action (exact, or a family such as `withdrawal`), object (e.g. `withdrawal:W2026…`, in part) and
 * São Paulo days; newest first, in pages, or every match (up to 5,000) as CSV.
 */
export const auditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  action: z.optional(z.string().check(z.trim(), z.regex(/^[a-z._]{0,60}$/, { message: 'invalidInput' }))),
  object: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
  format: z._default(z.enum(['json', 'csv']), 'json'),
  page: pageParam(10_000, 1),
  size: pageParam(200, 50),
});

/** One operator action as the audit log lists it (states as the JSON the chain hashed). */
export const auditRowSchema = z.object({
  seq: z.number(),
  at: z.string(),
  actorId: z.number(),
  actor: z.nullable(z.string()),
  action: z.string(),
  object: z.string(),
  before: z.string(),
  after: z.string(),
  requestId: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditPageSchema = z.object({ list: z.array(auditRowSchema), total: z.number() });

export const playerLockSchema = z.strictObject({
  reason: reasonText(3, 500),
});
export const playerNoteSchema = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1, { message: 'invalidInput' }), z.maxLength(2000)),
});
export const reportQuerySchema = z.object({
  from: isoDay,
  to: isoDay,
  format: z._default(z.enum(['json', 'csv']), 'json'),
});
export const transactionsQuerySchema = z.object({
  kind: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  reference: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  /** Transactions older than this id (the page before). */
  before: z.optional(recordId()),
});
export const dayRangeSchema = z.object({ from: isoDay, to: isoDay });
export const configPutSchema = z.strictObject({
  value: z.unknown(),
  /** The version the operator edited (0: the file's value); another change in between answers 409. */
  version: z.optional(z.int().check(z.minimum(0))),
});
export const fixtureSearchSchema = z.object({ q: z.optional(z.string().check(z.trim(), z.maxLength(80))) });
export const noticeSchema = z.strictObject({
  text: z
    .string()
    .check(z.trim(), z.minLength(1, { message: 'noticeEmpty' }), z.maxLength(500, { message: 'tooLong' })),
});
/** A withdrawal's payout state: waiting_approval → queued → sent → paid | failed; or rejected. */
export const PAYOUT_STATES = ['waiting_approval', 'queued', 'sent', 'paid', 'failed', 'rejected'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** An amount filter in BRL as a form sends it (`150`, `150,50`, `150.50`), read as centavos. */
const brlFilter = z.pipe(
  z.string().check(z.trim(), z.regex(/^\d{1,9}([.,]\d{1,2})?$/, { message: 'invalidInput' })),
  z.transform((v: string) => Math.round(Number(v.replace(',', '.')) * 100)),
);

/**
 * Finance's withdrawal search (issue 19): every withdrawal, decided ones included, by payout state,
 * São Paulo days of the request, amount range (BRL), and `q` (the withdrawal's id, the player's id,
 * username or CPF, or the PIX key, in part); newest first, in pages.
 */
export const withdrawalsQuerySchema = z.object({
  status: z.optional(z.enum(PAYOUT_STATES)),
  q: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
  min: z.optional(brlFilter),
  max: z.optional(brlFilter),
  page: pageParam(10_000, 1),
  size: pageParam(200, 50),
});

/** Signals about a withdrawal still waiting for a decision (BRL amounts). */
export const withdrawalRiskSchema = z.object({
  accountAgeDays: z.number(),
  newAccount: z.boolean(),
  depositMinutesBefore: z.nullable(z.number()),
  bonusTurnoverLeft: z.number(),
  /** Bonus turned into cash by wagering, in all (decision 92). */
  bonusReleased: z.number(),
  turnoverLeft: z.number(),
  sameKeyUsers: z.array(z.string()),
  depositsPaid: z.number(),
  depositsPaidCount: z.number(),
  withdrawalsPaid: z.number(),
  withdrawalsPaidCount: z.number(),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRiskSchema>;

/** One withdrawal as the console lists it (BRL; instants as ISO text). */
export const adminWithdrawalSchema = z.object({
  id: z.string(),
  userId: z.number(),
  username: z.string(),
  method: z.string(),
  account: z.string(),
  holderName: z.string(),
  amount: z.number(),
  fee: z.number(),
  status: z.string(),
  payoutState: z.enum(PAYOUT_STATES),
  /** The refusal's reason, or what the provider said of a failed payout; empty otherwise. */
  note: z.string(),
  /** The operator who approved or rejected it (null: none yet, or paid without approval). */
  decidedBy: z.nullable(z.string()),
  /** Above the second threshold: the operator whose first approval awaits another's (issue 19). */
  firstApprovedBy: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  risk: z.nullable(withdrawalRiskSchema),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const withdrawalsPageSchema = z.object({ list: z.array(adminWithdrawalSchema), total: z.number() });
export type WithdrawalsPage = z.infer<typeof withdrawalsPageSchema>;
/** Why a withdrawal was refused: the player and the audit read it, so it must say something. */
export const rejectReasonSchema = reasonText(5, 200);
export const withdrawalRejectSchema = z.strictObject({ note: z.prefault(rejectReasonSchema, '') });
export const withdrawalsBulkSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('approve'),
    ids: z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.minLength(1), z.maxLength(50)),
  }),
  z.strictObject({
    action: z.literal('reject'),
    ids: z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.minLength(1), z.maxLength(50)),
    note: z.prefault(rejectReasonSchema, ''),
  }),
]);

/** A count and the money it carries (BRL). */
const tally = z.object({ count: z.number(), amount: z.number() });

/**
 * `GET /api/admin/dashboard` (issue 19): the console's first screen — the São Paulo day so far:
 * money in and out, the approval queue, GGR and NGR (GGR less the bonuses granted), the players
 * who played, and the work waiting for operators.
 */
export const dashboardSchema = z.object({
  /** The São Paulo day the figures are for (`YYYY-MM-DD`) and when they were read. */
  day: z.string(),
  at: z.string(),
  deposits: tally,
  withdrawalsPaid: tally,
  withdrawalsRequested: tally,
  /** Withdrawals waiting for an operator's approval, whatever their day. */
  approvalQueue: tally,
  casinoGgr: z.number(),
  sportsGgr: z.number(),
  ggr: z.number(),
  /** Bonuses granted less bonuses taken back (the promotions account's net outflow). */
  bonusCost: z.number(),
  ngr: z.number(),
  /** Players with at least one casino or sports bet today. */
  activePlayers: z.number(),
  newPlayers: z.number(),
  firstDeposits: z.number(),
  chatsWaiting: z.number(),
  complaintsOpen: z.number(),
  alertsOpen: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/admin/bets/{id}`: a casino or sports bet found by its number (issue 19). */
export const betLookupParams = z.object({
  id: z.string().check(z.trim(), z.minLength(4), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/)),
});
export const betLookupSchema = z.object({
  kind: z.enum(['casino', 'sports']),
  id: z.string(),
  userId: z.number(),
  username: z.string(),
  /** The casino game's key, or the sports bet's kind (single, múltipla, …). */
  product: z.string(),
  stake: z.number(),
  payout: z.number(),
  /** The bet's own state as stored (casino: open/settled/cancelled; sports: its state). */
  state: z.string(),
  placedAt: z.string(),
  settledAt: z.nullable(z.string()),
});
export type BetLookup = z.infer<typeof betLookupSchema>;
