import type { Db } from '../../infra/db/connection';
import type { FileConfig } from '../../infra/config';
import { saoPauloDayOf } from '../../../domain/sao-paulo-days';
import type { AlertKind, AlertRule } from '../../../domain/schemas/compliance.schema';
import {
  depositBursts,
  depositsAfterRaises,
  frequentLimitHits,
  largeDeposits,
  largeWithdrawals,
  sharedAddresses,
  sharedDevices,
  sharedDocuments,
  sharedIps,
  sharedNameAndBirth,
  sharedPhones,
  sharedPixKeys,
  splitWindows,
  withdrawalsWithWeekBefore,
  type SharedValueRow,
} from './alert-rules.repository';

/**
 * The rules that raise compliance alerts (issue 19), each a read over the ledger's tables and the
 * accounts (alert-rules.repository.ts) weighed into candidates. A candidate names what it is about (`key`), so the scan that
 * finds it again brings the same alert up to date instead of raising a twin. Every window is read
 * from `now`, passed in, so a test can place activity in time.
 */
export interface Candidate {
  kind: AlertKind;
  rule: AlertRule;
  key: string;
  userIds: number[];
  evidence: Record<string, string | number | null>;
  amountCents: number;
}

export interface RuleInput {
  db: Db;
  now: Date;
  /** The `compliance` section of the configuration (BRL). */
  limits: FileConfig['compliance'];
  /** Withdrawals above this many BRL wait for an operator (splitting under it is a signal). */
  approvalThreshold: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the rules look for single events (a scan every few minutes needs far less). */
const LOOKBACK_DAYS = 30;

const cents = (brl: number) => Math.round(brl * 100);
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const ids = (list: string) => list.split(',').map(Number);

/** AML: one deposit or one withdrawal at or above the single-operation amount. */
async function largeOperations({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const single = cents(limits.amlSingleAmount);
  const since = ago(now, LOOKBACK_DAYS * DAY);
  const deposits = await largeDeposits(db, since, single);
  const withdrawals = await largeWithdrawals(db, since, single);
  return [
    ...deposits.map((d): Candidate => ({
      kind: 'aml',
      rule: 'large_deposit',
      key: `aml:deposit:${d.id}`,
      userIds: [d.user_id],
      evidence: {
        deposit: d.id,
        at: new Date(d.paid_at!).toISOString(),
        endToEndId: d.end_to_end_id,
      },
      amountCents: Number(d.amount_cents),
    })),
    ...withdrawals.map((w): Candidate => ({
      kind: 'aml',
      rule: 'large_withdrawal',
      key: `aml:withdrawal:${w.id}`,
      userIds: [w.user_id],
      evidence: {
        withdrawal: w.id,
        at: new Date(w.created_at).toISOString(),
        pixKey: w.account,
        state: w.payout_state,
      },
      amountCents: Number(w.amount_cents),
    })),
  ];
}

/**
 * Splitting ("smurfing"): within 24 hours, at least `count` operations each under the threshold
 * (`under`: the largest amount that escapes it) that together pass it. One alert per player and
 * São Paulo day of the window's last operation, holding the largest sum seen.
 */
async function splitOperations(
  input: RuleInput,
  table: 'deposit_orders' | 'withdrawals',
  rule: 'split_deposits' | 'split_withdrawals',
  underCents: number,
): Promise<Candidate[]> {
  const { db, now, limits } = input;
  const since = ago(now, LOOKBACK_DAYS * DAY);
  const rows = await splitWindows(db, table, { underCents, since, now, minCount: limits.splitCount });
  const best = new Map<string, Candidate>();
  for (const r of rows) {
    const day = saoPauloDayOf(new Date(r.last_at));
    const key = `aml:${rule}:${r.user_id}:${day}`;
    const total = Number(r.total);
    if ((best.get(key)?.amountCents ?? -1) >= total) continue;
    best.set(key, {
      kind: 'aml',
      rule,
      key,
      userIds: [r.user_id],
      evidence: {
        operations: Number(r.n),
        ids: r.list,
        day,
        thresholdBrl: underCents / 100,
      },
      amountCents: total,
    });
  }
  return [...best.values()];
}

/**
 * Money in and out with little play: a withdrawal after deposits and transfers received of at least
 * `inOutMinAmount` in the 7 days before it, with stakes in those days under `inOutPlayRatio` of them.
 */
async function inOutLittlePlay({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const rows = await withdrawalsWithWeekBefore(db, ago(now, 7 * DAY), now);
  // Money in is deposits and transfers from other players alike (red-team review: a transfer
  // passed money through a second account unseen).
  const moneyIn = (r: { deposited: string; received: string }) => Number(r.deposited) + Number(r.received);
  return rows
    .filter(
      (r) =>
        moneyIn(r) >= cents(limits.inOutMinAmount) && Number(r.staked) < moneyIn(r) * limits.inOutPlayRatio,
    )
    .map((r) => ({
      kind: 'aml',
      rule: 'in_out_little_play',
      key: `aml:in_out:${r.id}`,
      userIds: [r.user_id],
      evidence: {
        withdrawal: r.id,
        at: new Date(r.created_at).toISOString(),
        depositedBrl: Number(r.deposited) / 100,
        receivedBrl: Number(r.received) / 100,
        stakedBrl: Number(r.staked) / 100,
      },
      amountCents: Number(r.amount_cents),
    }));
}

/** Sign-in addresses that identify a machine of ours or a local proxy, not a player's device. */
const LOCAL_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * Multi-accounting: accounts that share something one person has — a phone, a PIX key, a document,
 * a name with a birth date, a home address, the browser they sign in on, or the network address
 * they sign in from. One alert per shared value, holding every account that shares it; test
 * accounts never count.
 */
async function sharedValues({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const groups: Array<{ rule: AlertRule; label: string; find: () => Promise<SharedValueRow[]> }> = [
    { rule: 'shared_phone', label: 'phone', find: () => sharedPhones(db) },
    { rule: 'shared_pix_key', label: 'pix', find: () => sharedPixKeys(db) },
    { rule: 'shared_document', label: 'document', find: () => sharedDocuments(db) },
    { rule: 'same_name_birth', label: 'name_birth', find: () => sharedNameAndBirth(db) },
    {
      rule: 'shared_ip',
      label: 'ip',
      find: () => sharedIps(db, ago(now, 30 * DAY), LOCAL_ADDRESSES, limits.sharedIpAccounts),
    },
    {
      // The browser's device id at sign-in: salted per browser (src/lib/device.ts), so two players
      // with the same phone model do not share one; two accounts on one browser do.
      rule: 'shared_device',
      label: 'device',
      find: () => sharedDevices(db, ago(now, 30 * DAY)),
    },
    {
      // One home (domain/address.ts says which): any address an account gave in 90 days, so two
      // accounts cannot take turns with it between scans.
      rule: 'shared_address',
      label: 'address',
      find: () => sharedAddresses(db, ago(now, 90 * DAY)),
    },
  ];
  const out: Candidate[] = [];
  for (const group of groups) {
    for (const row of await group.find()) {
      const userIds = ids(row.list).sort((a, b) => a - b);
      out.push({
        kind: 'multi_account',
        rule: group.rule,
        key: `multi_account:${group.label}:${row.value}`,
        userIds,
        evidence: { shared: row.value, accounts: userIds.length },
        amountCents: 0,
      });
    }
  }
  return out;
}

/**
 * Loss chasing: at least `chasingDeposits` deposits in the last 24 hours while the player lost 80 %
 * or more of them in that time (player_lost_cents, the loss limits' own sum). One alert per player
 * and São Paulo day.
 */
async function lossChasing({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const since = ago(now, DAY);
  const rows = await depositBursts(db, since, now, limits.chasingDeposits);
  const day = saoPauloDayOf(now);
  return rows
    .filter((r) => Number(r.lost) >= Number(r.total) * 0.8)
    .map((r) => ({
      kind: 'rg',
      rule: 'loss_chasing',
      key: `rg:chasing:${r.user_id}:${day}`,
      userIds: [r.user_id],
      evidence: {
        deposits: Number(r.n),
        depositedBrl: Number(r.total) / 100,
        lostBrl: Number(r.lost) / 100,
        day,
      },
      amountCents: Number(r.total),
    }));
}

/** Limits hit often: at least `limitHits` refusals by the player's own limits in 7 days. */
async function limitsHit({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const rows = await frequentLimitHits(db, ago(now, 7 * DAY), now, limits.limitHits);
  return rows.map((r) => {
    const day = saoPauloDayOf(new Date(r.last_at));
    return {
      kind: 'rg',
      rule: 'limits_hit',
      key: `rg:limits:${r.user_id}:${day}`,
      userIds: [r.user_id],
      evidence: { hits: Number(r.n), limits: r.list, day },
      amountCents: 0,
    };
  });
}

/** A deposit within `raiseWindowHours` after a raise of one of the player's limits took effect. */
async function depositAfterRaise({ db, now, limits }: RuleInput): Promise<Candidate[]> {
  const rows = await depositsAfterRaises(db, ago(now, LOOKBACK_DAYS * DAY), now, limits.raiseWindowHours);
  return rows.map((r) => ({
    kind: 'rg',
    rule: 'deposit_after_raise',
    key: `rg:raise:${r.id}`,
    userIds: [r.user_id],
    evidence: { limit: r.detail, raisedAt: new Date(r.at).toISOString(), deposits: Number(r.n) },
    amountCents: Number(r.total),
  }));
}

/** Every rule, in the order the scan runs them. */
export async function findCandidates(input: RuleInput): Promise<Candidate[]> {
  const single = cents(input.limits.amlSingleAmount);
  return [
    ...(await largeOperations(input)),
    // A deposit of the single amount is flagged by itself; one centavo less escapes it.
    ...(await splitOperations(input, 'deposit_orders', 'split_deposits', single - 1)),
    // A withdrawal waits for approval only above the threshold: the threshold itself escapes it.
    ...(await splitOperations(input, 'withdrawals', 'split_withdrawals', cents(input.approvalThreshold))),
    ...(await inOutLittlePlay(input)),
    ...(await sharedValues(input)),
    ...(await lossChasing(input)),
    ...(await limitsHit(input)),
    ...(await depositAfterRaise(input)),
  ];
}
