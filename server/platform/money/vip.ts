import { sql } from 'kysely';
import type { FileConfig } from '../../infra/config';
import type { Db } from '../../infra/db/connection';
import { post } from './ledger';
import type { Trx } from '../../infra/db/connection';
import { lockPlayer } from './lock-order';

/** VIP levels 0–12 from deposit and wager sums (API.md: five values per row of the VIP table). */

/** The highest level whose deposit and wager thresholds are both reached. */
export function levelFor(vip: FileConfig['vip'], depositCents: number, wageredCents: number): number {
  let level = 0;
  for (const row of vip) {
    if (depositCents >= Math.round(row.depositSum * 100) && wageredCents >= Math.round(row.wagerSum * 100)) {
      level = Math.max(level, row.level);
    }
  }
  return level;
}

/**
 * Whether a player's wagering has reached the next level's wager threshold: the one place that
 * asks, after every wager counted, whether an upgrade may be due (applyVipUpgrades decides it with
 * the deposits too).
 */
export function vipDue(vip: FileConfig['vip'], level: number, wageredCents: number): boolean {
  const next = vip.find((row) => row.level === level + 1);
  return next !== undefined && wageredCents >= Math.round(next.wagerSum * 100);
}

/** Paid deposits of a player, in centavos. */
export async function depositSumCents(db: Db | Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.sum<string>('amount_cents').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', '10')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Raises the player's level to what the sums earn, paying each new level's upgrade award to the
 * bonus wallet (award type 14) once: the ledger key names the level. Like every bonus, an award
 * adds `award × bonusTurnover` to the wagering that turns bonus into cash (decision 92): without
 * it, the next settled bet of any size would have released it. Runs in the caller's transaction;
 * levels never go down.
 */
export async function applyVipUpgrades(
  trx: Trx,
  vip: FileConfig['vip'],
  userId: number,
  bonusTurnover: number,
): Promise<number> {
  const user = await lockPlayer(trx, userId, ['level', 'wagered_cents']);
  const target = levelFor(vip, await depositSumCents(trx, userId), Number(user.wagered_cents));
  if (target <= user.level) return user.level;
  for (let level = user.level + 1; level <= target; level++) {
    const award = Math.round((vip.find((r) => r.level === level)?.upgradeAward ?? 0) * 100);
    if (award > 0) {
      const posted = await post(trx, {
        key: `vip-award:${userId}:${level}`,
        kind: 'vip_award',
        reference: `VIP ${level}`,
        entries: [
          { account: { kind: 'promotions' }, amountCents: -award },
          { account: { kind: 'user_bonus', userId }, amountCents: award },
        ],
      });
      // Counted from the wagering settled so far, not bonusRequirementPlus: an award comes in the
      // middle of a settlement, whose own bet may still read as open and would be counted twice.
      if (!posted.replayed)
        await trx
          .updateTable('users')
          .set({
            bonus_turnover_required_cents: sql`greatest(bonus_turnover_required_cents, wagered_cents) + ${Math.round(award * bonusTurnover)}`,
          })
          .where('id', '=', userId)
          .execute();
    }
  }
  await trx.updateTable('users').set({ level: target }).where('id', '=', userId).execute();
  return target;
}
