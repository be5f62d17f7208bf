import type { AppContext } from '../../platform/context';
import { centsToBrl } from '../../../domain/money';
import { maskPlayer } from '../../../domain/players';
import { betCount, betRows, walletRecordRows } from './records.repository';

/**
 * Wallet records for `/registros` (API.md): deposits (type 10; 13 when bought through a game's
 * recharge plan, the INSBRL packages), withdrawals (11), transfers (12), VIP upgrade awards (14),
 * prizes earned by inviting — agent rewards and referral commission — (19) and promotions such as
 * deposit gifts and the promo gift (141), newest first. Amounts are signed: money leaving the
 * player is negative. Type 199 (BK) names no operation Trevo has (docs/decisions.md).
 */
export interface WalletRecord {
  id: string;
  type: number;
  status: string;
  amount: number;
  createdAt: string;
  detail: string;
  /**
   * What the line is, for the page to say in the player's language: 'depositGift' (a deposit's
   * gift, to the bonus wallet; `detail` names the deposit), 'bonusRelease' (the bonus wallet turned
   * into cash); null when `detail` says it.
   */
  note: string | null;
}

export async function walletRecords(
  ctx: AppContext,
  userId: number,
  page: number,
  size: number,
): Promise<{ list: WalletRecord[]; total: number; page: number; size: number }> {
  const rows = await walletRecordRows(ctx.db, userId, page, size);
  const total = rows[0] ? Number(rows[0].total) : 0;
  const list: WalletRecord[] = rows.map((r) => ({
    id: r.id,
    type: Number(r.type),
    status: r.status,
    amount: centsToBrl(Number(r.amount)),
    createdAt: new Date(r.created_at).toISOString(),
    // A received transfer names its sender as every public list does (domain/players.ts).
    detail: r.sender === null ? (r.detail ?? '') : `de ${maskPlayer(r.sender)}`,
    note: r.note,
  }));
  if (total === 0 && page > 1) {
    const first = await walletRecords(ctx, userId, 1, 1);
    return { list, total: first.total, page, size };
  }
  return { list, total, page, size };
}

/** Game history for `/registros` (kind=game): the player's bets, newest first, with fairness data. */
export async function gameRecords(
  ctx: AppContext,
  userId: number,
  page: number,
  size: number,
  game?: string,
) {
  const [rows, total] = await Promise.all([
    betRows(ctx.db, userId, page, size, game),
    betCount(ctx.db, userId, game),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      game: r.game,
      amount: centsToBrl(Number(r.amount_cents)),
      payout: centsToBrl(Number(r.payout_cents)),
      multiplier: Number(r.multiplier),
      status: r.status,
      params: JSON.parse(r.params) as unknown,
      outcome: r.outcome ? (JSON.parse(r.outcome) as unknown) : null,
      roundId: r.round_id,
      fairness: r.server_seed_hash
        ? { serverSeedHash: r.server_seed_hash, clientSeed: r.client_seed, nonce: r.nonce }
        : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(total.n),
    page,
    size,
  };
}
