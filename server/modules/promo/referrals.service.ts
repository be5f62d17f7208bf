import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { maskPlayer } from '../../../domain/players';
import { countAtLevel, inviteesAt, levelSums, qualifiedInviteeCount } from './promo.repository';

/**
 * Referrals in three levels (payments.md "KYC, transfers, VIP, bonuses, referrals"): level 1 are the
 * players who registered with the caller's invite code (`users.referrer_id`), level 2 those invited by
 * level 1, level 3 those invited by level 2. The commission is a fraction of what each invitee wagered
 * (`promotions.referralCommission`, per level); the `br-regulated` profile switches it off.
 *
 * The /share table's columns (spec 2 "Other") and the fields that fill them:
 * - Encontro           `joinedAt`     when the invitee registered
 * - Total              `totalDeposit` everything the invitee has deposited (paid PIX orders)
 * - Nível              `level`        1, 2 or 3
 * - Convidada          `invitee`      the invitee's e-mail, masked ("jo***@e***")
 * - Primeiro Depósito  `firstDeposit` the invitee's first paid deposit (0 before it)
 * - Valor da aposta    `wagered`      the invitee's total stakes (games and sports)
 * - Lucros             `profit`       the caller's commission on those stakes at the level's rate
 */

export const REFERRAL_LEVELS = [1, 2, 3] as const;
export type ReferralLevel = (typeof REFERRAL_LEVELS)[number];

/** The three commission rates in force (all 0 under the `br-regulated` profile). */
export function commissionRates(ctx: AppContext): [number, number, number] {
  if (ctx.config.profile !== 'seed') return [0, 0, 0];
  return ctx.config.file.promotions.referralCommission;
}

export interface ReferralRow {
  joinedAt: string;
  totalDeposit: number;
  level: ReferralLevel;
  invitee: string;
  firstDeposit: number;
  wagered: number;
  profit: number;
}

/** One page of the caller's invitees at `level`, newest first. */
export async function referralPage(
  ctx: AppContext,
  userId: number,
  level: ReferralLevel,
  page: number,
  size: number,
): Promise<{
  level: ReferralLevel;
  rate: number;
  list: ReferralRow[];
  total: number;
  page: number;
  size: number;
}> {
  const rate = commissionRates(ctx)[level - 1]!;
  const rows = await inviteesAt(ctx.db, userId, level, page, size);
  const list = rows.map((r) => {
    const wagered = Number(r.wagered_cents);
    return {
      joinedAt: new Date(r.created_at).toISOString(),
      totalDeposit: centsToBrl(Number(r.total_deposit ?? 0)),
      level,
      invitee: maskPlayer(r.username),
      firstDeposit: centsToBrl(Number(r.first_deposit ?? 0)),
      wagered: centsToBrl(wagered),
      profit: centsToBrl(Math.floor(wagered * rate)),
    };
  });
  const total = rows[0] ? Number(rows[0].total) : await countAtLevel(ctx.db, userId, level);
  return { level, rate, list, total, page, size };
}

export interface LevelTotals {
  level: ReferralLevel;
  persons: number;
  /** Centavos wagered by the level's invitees. */
  wageredCents: number;
  /** Centavos of commission earned on them (each invitee's share rounded down). */
  commissionCents: number;
}

/** Invitees, their wagers and the commission earned, per level. */
export async function referralTotals(ctx: AppContext, db: Db | Trx, userId: number): Promise<LevelTotals[]> {
  const rows = await levelSums(db, userId, commissionRates(ctx));
  return REFERRAL_LEVELS.map((level) => {
    const r = rows.find((x) => Number(x.lvl) === level);
    return {
      level,
      persons: Number(r?.persons ?? 0),
      wageredCents: Number(r?.wagered ?? 0),
      commissionCents: Number(r?.commission ?? 0),
    };
  });
}

/**
 * Direct invitees (level 1) whose first paid deposit reached `minFirstDepositCents`: the count the
 * agent reward levels are measured in.
 */
export async function qualifiedInvitees(
  db: Db | Trx,
  userId: number,
  minFirstDepositCents: number,
): Promise<number> {
  return qualifiedInviteeCount(db, userId, minFirstDepositCents);
}
