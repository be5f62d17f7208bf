import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { maskPlayer } from '../../../domain/players';

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

/** The ids of the players `levels` deep below `userId`, with their level. */
const chain = (userId: number) => sql`
  with recursive chain(id, lvl) as (
    select id, 1 from users where referrer_id = ${userId}
    union all
    select u.id, c.lvl + 1 from users u join chain c on u.referrer_id = c.id where c.lvl < 3
  )`;

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
  const rows = await sql<{
    username: string;
    created_at: Date;
    wagered_cents: string;
    first_deposit: string | null;
    total_deposit: string | null;
    total: string;
  }>`${chain(userId)}
    select u.username, u.created_at, u.wagered_cents,
      (select d.amount_cents from deposit_orders d where d.user_id = u.id and d.status = '10'
        order by d.paid_at asc, d.id asc limit 1) as first_deposit,
      (select sum(d.amount_cents) from deposit_orders d where d.user_id = u.id and d.status = '10') as total_deposit,
      count(*) over () as total
    from users u where u.id in (select id from chain where lvl = ${level})
    order by u.created_at desc, u.id desc
    limit ${size} offset ${(page - 1) * size}`.execute(ctx.db);
  const list = rows.rows.map((r) => {
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
  const total = rows.rows[0] ? Number(rows.rows[0].total) : await countAtLevel(ctx.db, userId, level);
  return { level, rate, list, total, page, size };
}

async function countAtLevel(db: Db, userId: number, level: ReferralLevel): Promise<number> {
  const r = await sql<{
    n: string;
  }>`${chain(userId)} select count(*) as n from chain where lvl = ${level}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
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
  const rates = commissionRates(ctx);
  const rows = await sql<{ lvl: number; persons: string; wagered: string | null; commission: string | null }>`
    ${chain(userId)}
    select c.lvl, count(*) as persons, sum(u.wagered_cents) as wagered,
      sum(floor(u.wagered_cents * (array[${rates[0]}, ${rates[1]}, ${rates[2]}]::numeric[])[c.lvl])) as commission
    from chain c join users u on u.id = c.id group by c.lvl`.execute(db);
  return REFERRAL_LEVELS.map((level) => {
    const r = rows.rows.find((x) => Number(x.lvl) === level);
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
  const r = await sql<{ n: string }>`
    select count(*) as n from users u
    where u.referrer_id = ${userId}
      and (select d.amount_cents from deposit_orders d where d.user_id = u.id and d.status = '10'
           order by d.paid_at asc, d.id asc limit 1) >= ${minFirstDepositCents}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
