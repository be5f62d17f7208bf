import type { ColumnType, Generated } from 'kysely';
import type { AlertStatus } from '../../../domain/schemas/compliance.schema';

/** Kysely's view of the tables; migrations in ./migrations are the source of truth. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  cpf: string;
  phone: string;
  country: string;
  password_hash: string;
  header: Generated<number>;
  yqm: string;
  referrer_id: number | null;
  level: Generated<number>;
  kyc: Generated<number>;
  lx: Generated<string>;
  test_flag: Generated<number>;
  birth_date: string | null;
  extend_info: Generated<string>;
  kyc_name: string | null;
  kyc_document: string | null;
  turnover_required_cents: ColumnType<string | number | bigint, number | undefined, unknown>;
  wagered_cents: ColumnType<string | number | bigint, number | undefined, unknown>;
  fp_expires_at: Timestamp | null;
  fc_expires_at: Timestamp | null;
  pay_discount: ColumnType<string | number, number | undefined, number>;
  pay_discount_expires_at: Timestamp | null;
  bonus_turnover_required_cents: ColumnType<string | number | bigint, number | undefined, unknown>;
  created_at: CreatedAt;
  /** Migration 017: set while an operator keeps the account locked. */
  locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  locked_reason: ColumnType<string, string | undefined, string>;
  /** Migration 017: the player's reality-check interval in minutes (null: none). */
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 031: the operators' review of the player's identity documents. */
  kyc_review: ColumnType<KycReview, KycReview | undefined, KycReview>;
  kyc_review_reason: Generated<string>;
  kyc_reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  kyc_reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 033: the home address the player gave beside the identity documents. */
  address_cep: string | null;
  address_street: string | null;
  address_number: string | null;
  address_complement: string | null;
  address_district: string | null;
  address_city: string | null;
  address_uf: string | null;
}
export type KycReview = 'none' | 'pending' | 'approved' | 'rejected';

/** Migration 034: every home address a player gave, with the key that says which home it is. */
export interface UserAddressesTable {
  id: Generated<number>;
  user_id: number;
  address_key: string;
  address: ColumnType<unknown, string, string>;
  ip: string | null;
  created_at: CreatedAt;
}

/** Migration 031: an identity document the player sent (the file lives in TREVO_KYC_DIR). */
export interface KycDocumentsTable {
  id: Generated<number>;
  user_id: number;
  side: 'front' | 'back' | 'selfie';
  file_name: string;
  mime: 'image/jpeg' | 'image/png' | 'application/pdf';
  size_bytes: number;
  sha256: string;
  created_at: CreatedAt;
  replaced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  created_at: CreatedAt;
  /** support | finance | trader | compliance | admin (migrations 013, 030). */
  role: string;
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enrolled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** Set while an admin has disabled the account (migration 027). */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabled_reason: Generated<string>;
}

export interface SessionsTable {
  id: Generated<number>;
  kind: 'player' | 'operator';
  subject_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  /** Migration 033: the browser's `deviceId` header at sign-in (a persisted fingerprint hash). */
  device_id: string | null;
}

export interface CaptchasTable {
  code_id: string;
  answer_hash: string;
  expires_at: Timestamp;
}

/** Failed logins of an account in the current hour (migration 022, `login_attempt_spend`). */
export interface LoginThrottleTable {
  username: string;
  failures: Generated<number>;
  first_at: Timestamp | null;
  last_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  check_id_hash: string | null;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  /** When the message was queued (the column's old name). */
  sent_at: CreatedAt;
  /** When SMTP accepted it; null while it waits (or always, with no SMTP: the dev mailbox). */
  delivered_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Not before this time, after a refusal (null: at once). */
  retry_at: Date | null;
}

export interface HandoffCodesTable {
  code_hash: string;
  user_id: number;
  /** The session that made the code: the code is good only while it is live (migration 023). */
  session_id: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NoticesTable {
  id: Generated<number>;
  text: string;
  created_at: CreatedAt;
}

type Bigint = ColumnType<string | number | bigint, number | bigint | string, never>;

export interface LedgerAccountsTable {
  id: Generated<number>;
  code: string;
  kind: string;
  user_id: number | null;
  balance: ColumnType<string | number | bigint, number | undefined, unknown>;
  version: ColumnType<string | number | bigint, number | undefined, unknown>;
  tracks_balance: boolean;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: Generated<string | number>;
  idempotency_key: string;
  kind: string;
  reference: Generated<string>;
  created_at: CreatedAt;
}

export interface LedgerPostingsTable {
  id: Generated<string | number>;
  transaction_id: Bigint;
  account_id: number;
  amount: Bigint;
  balance_after: ColumnType<string | number | bigint | null, number | null, never>;
  account_version: ColumnType<string | number | bigint | null, number | null, never>;
}

/** One bonus wallet moved to cash by `bonus_release` (migration 044), with the totals it met. */
export interface BonusReleasesTable {
  transaction_id: Bigint;
  user_id: number;
  amount_cents: Bigint;
  wagered_cents: Bigint;
  required_cents: Bigint;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_code: number;
  response_body: string;
  created_at: CreatedAt;
}

type Money = ColumnType<string | number | bigint, number, number>;

export interface DepositOrdersTable {
  id: string;
  user_id: number;
  pkg_id: string;
  curreny: string;
  amount_cents: Money;
  gift_cents: Money;
  status: Generated<string>;
  txid: string;
  pay_no: string;
  end_to_end_id: string | null;
  note: Generated<string>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface SandboxChargesTable {
  txid: string;
  amount_cents: Money;
  status: Generated<string>;
  expected_cpf: string;
  payer_cpf: string | null;
  end_to_end_id: string | null;
  br_code: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface PixNotificationsTable {
  id: Generated<number>;
  end_to_end_id: string;
  txid: string;
  outcome: string;
  received_at: CreatedAt;
}

export interface WithdrawalsTable {
  id: string;
  user_id: number;
  method: 'CPF' | 'CNPJ' | 'USDT';
  account: string;
  holder_name: string;
  whatsapp: string;
  ifsc: string;
  amount_cents: Money;
  fee_cents: Money;
  status: Generated<string>;
  /** waiting_approval → queued → sent → paid | failed; or rejected. */
  payout_state: string;
  note: Generated<string>;
  decided_by: number | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
  /** The first of two approvals a large withdrawal needs (migration 028). */
  first_approved_by: ColumnType<number | null, number | null | undefined, number | null>;
  first_approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Operators the withdrawal needs, fixed at the request: 0, 1 or 2 (migration 029). */
  approvals_required: ColumnType<number, number | undefined, number>;
}

export interface PayoutAccountsTable {
  user_id: number;
  method: string;
  account: string;
  holder_name: string;
  whatsapp: string;
  ifsc: string;
}

export interface SandboxPayoutsTable {
  id: string;
  amount_cents: Money;
  method: string;
  account: string;
  status: string;
  created_at: CreatedAt;
  settles_at: Timestamp;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

export interface TransferCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface TransfersTable {
  id: string;
  from_user_id: number;
  to_user_id: number;
  amount_cents: Money;
  created_at: CreatedAt;
}

export interface PlayerSeedsTable {
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  next_server_seed: string;
  next_server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
}

export interface RevealedSeedsTable {
  id: Generated<number>;
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  last_nonce: number;
  revealed_at: CreatedAt;
}

export interface GameSettingsTable {
  game: string;
  stop: boolean;
  min_bet_cents: Money;
  max_bet_cents: Money;
  max_payout_cents: Money;
  edge: ColumnType<string | number, number, number>;
}

export interface BetsTable {
  id: string;
  user_id: number;
  game: string;
  amount_cents: Money;
  bonus_cents: ColumnType<string | number | bigint, number | undefined, number>;
  /** What the bet counts toward wagering (set by `wager_set`, migration 021). */
  wager_cents: ColumnType<string | number | bigint, number | undefined, number>;
  payout_cents: ColumnType<string | number | bigint, number | undefined, number>;
  multiplier: ColumnType<string | number, number | undefined, number>;
  status: string;
  params: string;
  outcome: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  nonce: number | null;
  round_id: string | null;
  fairness_version: Generated<number>;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
}

export interface MinesGamesTable {
  bet_id: string;
  user_id: number;
  mines: number;
  mine_tiles: string;
  revealed: Generated<string>;
  step: Generated<number>;
  status: Generated<string>;
  last_move_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ChainsTable {
  game: string;
  salt: string;
  terminating_hash: string;
  length: number;
}

export interface ChainCheckpointsTable {
  game: string;
  idx: number;
  hash: string;
}

export interface RoundsTable {
  id: string;
  game: string;
  number: number;
  status: string;
  opens_at: Timestamp;
  closes_at: Timestamp;
  completes_at: Timestamp;
  hash: string | null;
  result: number | null;
}

/** Cents columns the sportsbook updates after insert (bigint comes back as a string). */
type SportsCents = ColumnType<string | number | bigint, number | undefined, number>;

export interface SportsFeedStateTable {
  id: number;
  seed: string;
  created_at: CreatedAt;
}

export interface SportsFixturesTable {
  id: string;
  sport: string;
  competition: string;
  /** The competition's tier at the first bet (migration 035); null before it. */
  tier: number | null;
  home: string;
  away: string;
  starts_at: Timestamp;
  /** A race's field as JSON (FieldEntry[]), stored at its first bet (migration 043); else null. */
  field: string | null;
  result: string | null;
  result_final: Generated<boolean>;
  result_version: Generated<number>;
  result_source: Generated<string>;
  settled_version: Generated<number>;
  done: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SportsBetsTable {
  id: string;
  user_id: number;
  stake_cents: SportsCents;
  bonus_cents: SportsCents;
  /** What the bet counts toward wagering (set by `wager_set`, migration 021). */
  wager_cents: ColumnType<string | number | bigint, number | undefined, number>;
  kind: string;
  odds_change: string;
  state: string;
  result_code: ColumnType<number, number | undefined, number>;
  order_status: ColumnType<number, number | undefined, number>;
  combined_odds_milli: SportsCents;
  potential_cents: SportsCents;
  payout_cents: SportsCents;
  settle_seq: ColumnType<number, number | undefined, number>;
  shortfall_cents: SportsCents;
  stake_open_cents: ColumnType<string | number | bigint | null, number | undefined, number>;
  cashed_out_cents: SportsCents;
  accept_at: Timestamp | null;
  placed_at: Timestamp;
  settled_at: Timestamp | null;
  /** When its team went two goals ahead and it was paid as won (Pagamento Antecipado, migration 038). */
  early_paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The Super Odds it took (migration 039); null for a bet at the book's price. */
  boost_id: ColumnType<number | null, number | null | undefined, never>;
}

/** A trader's boosted price on one selection (Super Odds, migration 039). */
export interface SportsBoostsTable {
  id: Generated<number>;
  fixture_id: string;
  market_id: string;
  outcome_id: string;
  odds_milli: number;
  /** The book's price when the boost was set (shown crossed out). */
  was_milli: number;
  max_stake_cents: ColumnType<string | number | bigint, number, never>;
  fixture_label: string;
  market_label: string;
  outcome_label: string;
  starts_at: Timestamp;
  created_by: number;
  created_at: CreatedAt;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string>;
}

/** What each player has staked on a boost (its limit's counter, migration 039). */
export interface SportsBoostStakesTable {
  boost_id: number;
  user_id: number;
  staked_cents: ColumnType<string | number | bigint, number, number>;
}

export interface SportsFixtureCancelsTable {
  id: Generated<number>;
  fixture_id: string;
  from_at: Timestamp;
  to_at: Timestamp;
  created_at: CreatedAt;
}

/** A player's favourite team or competition (migration 036). */
export interface SportsFavouritesTable {
  user_id: number;
  kind: 'team' | 'competition';
  name: string;
  created_at: CreatedAt;
}

export interface SportsBetLegsTable {
  bet_id: string;
  idx: number;
  fixture_id: string;
  market_id: string;
  outcome_id: string;
  odds_milli: number;
  live: boolean;
  score_home_at: number | null;
  score_away_at: number | null;
  state_seq: ColumnType<number, number | undefined, number>;
  stop_seq: ColumnType<number, number | undefined, number>;
  fixture_label: string;
  market_label: string;
  outcome_label: string;
  /** The market's overround at placement, thousandths (migration 035); null when unknown. */
  book_margin_milli: ColumnType<number | null, number | null | undefined, number | null>;
  kind: string | null;
  result_code: ColumnType<number, number | undefined, number>;
  settled_version: ColumnType<number, number | undefined, number>;
}

/** Operator actions, hash-chained (migration 010). */
export interface OperatorAuditTable {
  seq: number;
  at: ColumnType<Date, Date, never>;
  actor_id: number;
  action: string;
  object: string;
  before_state: string;
  after_state: string;
  request_id: string;
  prev_hash: string;
  hash: string;
}

/** The last link of the audit chain. */
export interface OperatorAuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}

/** Limits a player set on themself (migration 014); amounts in centavos, or minutes for `session`. */
export interface PlayerLimitsTable {
  user_id: number;
  kind: 'deposit' | 'loss' | 'session';
  period: 'day' | 'week' | 'month';
  amount: ColumnType<string | number, number, number>;
  pending_amount: ColumnType<string | number | null, number | null | undefined, number | null>;
  pending_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Cool-offs and self-exclusions (migration 014); `ends_at` null is permanent. */
export interface PlayerExclusionsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'cooloff' | 'self';
  starts_at: ColumnType<Date, Date | undefined, never>;
  ends_at: ColumnType<Date | null, Date | null, never>;
}

/** Migration 015: one support conversation per player. */
export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number;
  awaiting_reply: Generated<boolean>;
  last_message_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
}

/** Migration 015: the messages of a conversation (operator_id set exactly for an operator's). */
export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author: 'player' | 'operator';
  operator_id: number | null;
  text: string;
  created_at: CreatedAt;
}

/** Migration 015: complaints filed at /complaint_form, each with its protocol. */
export interface ComplaintsTable {
  id: ColumnType<number, number, never>;
  protocol: string;
  user_id: number | null;
  subject: string;
  text: string;
  contact: string;
  ip: string | null;
  status: ColumnType<'open' | 'answered', 'open' | undefined, 'answered'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Migration 018: an operator's value of a configuration section, over TREVO_CONFIG. */
export interface ConfigOverridesTable {
  section: string;
  /** The section as JSON, valid by the section's schema when written. */
  value: string;
  /** From the `config_override_version` sequence: larger is newer, across sections. */
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  updated_by: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 017: an operator's notes on a player. */
export interface PlayerNotesTable {
  id: Generated<number>;
  user_id: number;
  operator_id: number;
  text: string;
  created_at: CreatedAt;
}

/** Migration 016: bonuses a player received by hand (gift, agent reward, referral commission). */
export interface PromoReceiptsTable {
  id: Generated<number>;
  user_id: number;
  bonus_id: string;
  kind: 'gift' | 'agent' | 'commission';
  amount_cents: ColumnType<string | number | bigint, number, never>;
  created_at: CreatedAt;
}

/** Migration 030: an alert of the compliance queues (AML, multi-account, responsible gaming). */
export interface ComplianceAlertsTable {
  id: Generated<number>;
  kind: 'aml' | 'multi_account' | 'rg';
  rule: string;
  subject_key: string;
  /** JSON array of the players' ids, ascending. */
  user_ids: string;
  /** JSON object: what the rule saw. */
  evidence: string;
  amount_cents: ColumnType<string | number | bigint, number | undefined, number>;
  status: ColumnType<AlertStatus, AlertStatus | undefined, AlertStatus>;
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Migration 032: when the case was reported to COAF (kept if it opens again). */
  reported_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Migration 030: an alert's notes (operator_id null for the scan's own). */
export interface ComplianceAlertNotesTable {
  id: Generated<number>;
  alert_id: number;
  operator_id: number | null;
  text: string;
  created_at: CreatedAt;
}

/** Migration 030: a limit the player hit, or a raise of one that took effect. */
export interface RgEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'limit_hit' | 'limit_raised';
  detail: string;
  at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  kyc_documents: KycDocumentsTable;
  user_addresses: UserAddressesTable;
  compliance_alerts: ComplianceAlertsTable;
  compliance_alert_notes: ComplianceAlertNotesTable;
  rg_events: RgEventsTable;
  promo_receipts: PromoReceiptsTable;
  player_notes: PlayerNotesTable;
  config_overrides: ConfigOverridesTable;
  player_limits: PlayerLimitsTable;
  player_exclusions: PlayerExclusionsTable;
  operator_audit: OperatorAuditTable;
  operator_audit_head: OperatorAuditHeadTable;
  sports_feed_state: SportsFeedStateTable;
  sports_fixtures: SportsFixturesTable;
  sports_bets: SportsBetsTable;
  sports_bet_legs: SportsBetLegsTable;
  sports_favourites: SportsFavouritesTable;
  sports_boosts: SportsBoostsTable;
  sports_boost_stakes: SportsBoostStakesTable;
  sports_fixture_cancels: SportsFixtureCancelsTable;
  player_seeds: PlayerSeedsTable;
  revealed_seeds: RevealedSeedsTable;
  game_settings: GameSettingsTable;
  bets: BetsTable;
  mines_games: MinesGamesTable;
  chains: ChainsTable;
  chain_checkpoints: ChainCheckpointsTable;
  rounds: RoundsTable;
  transfer_codes: TransferCodesTable;
  transfers: TransfersTable;
  withdrawals: WithdrawalsTable;
  payout_accounts: PayoutAccountsTable;
  sandbox_payouts: SandboxPayoutsTable;
  leases: LeasesTable;
  deposit_orders: DepositOrdersTable;
  sandbox_charges: SandboxChargesTable;
  pix_notifications: PixNotificationsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  bonus_releases: BonusReleasesTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_throttle: LoginThrottleTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  handoff_codes: HandoffCodesTable;
  notices: NoticesTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  complaints: ComplaintsTable;
}
