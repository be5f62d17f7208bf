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
