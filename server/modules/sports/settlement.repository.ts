import type { Db, Trx } from '../../infra/db/connection';
import type { BetRow } from './bets.repository';

/**
 * Settlement's queries on bets (settlement.service.ts): which bets a fixture's new result reaches,
 * the bet row locked while it is recomputed, and what the recomputation writes back. The fixture's
 * own rows are in fixtures.repository.ts.
 */

/**
 * The bets with a leg on the fixture not yet settled at `version`, in the given states (those
 * settlement revisits).
 */
export async function betsBehindVersion(
  db: Db,
  fixtureId: string,
  version: number,
  states: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('sports_bet_legs')
    .innerJoin('sports_bets', 'sports_bets.id', 'sports_bet_legs.bet_id')
    .select('sports_bet_legs.bet_id')
    .distinct()
    .where('sports_bet_legs.fixture_id', '=', fixtureId)
    .where('sports_bet_legs.settled_version', '<', version)
    .where('sports_bets.state', 'in', states)
    .execute();
  return rows.map((r) => r.bet_id);
}

/**
 * Whether a bet on the fixture still waits: a leg not settled at `version`, or a live bet still
 * in its delay. While one does, the fixture is not marked settled.
 */
export async function hasWaitingBet(db: Db, fixtureId: string, version: number): Promise<boolean> {
  const waiting = await db
    .selectFrom('sports_bet_legs')
    .innerJoin('sports_bets', 'sports_bets.id', 'sports_bet_legs.bet_id')
    .select('sports_bet_legs.bet_id')
    .where('sports_bet_legs.fixture_id', '=', fixtureId)
    .where((eb) =>
      eb.or([eb('sports_bet_legs.settled_version', '<', version), eb('sports_bets.state', '=', 'pending')]),
    )
    .limit(1)
    .executeTakeFirst();
  return waiting !== undefined;
}

/**
 * A bet, its row locked for the rest of the transaction: settlement and cash-out take the same
 * lock, so a bet is settled or cashed out, never both at once.
 */
export async function lockBet(trx: Trx, betId: string): Promise<BetRow | undefined> {
  return trx.selectFrom('sports_bets').selectAll().where('id', '=', betId).forUpdate().executeTakeFirst();
}

/** Writes one leg's settlement and the result version it reflects. */
export async function saveLegSettlement(
  trx: Trx,
  betId: string,
  idx: number,
  leg: { kind: string | null; resultCode: number; settledVersion: number },
): Promise<void> {
  await trx
    .updateTable('sports_bet_legs')
    .set({ kind: leg.kind, result_code: leg.resultCode, settled_version: leg.settledVersion })
    .where('bet_id', '=', betId)
    .where('idx', '=', idx)
    .execute();
}

/** Writes a bet's recomputed state, result, payout and the money sequence it reached. */
export async function saveBetSettlement(
  trx: Trx,
  betId: string,
  bet: {
    state: string;
    resultCode: number;
    orderStatus: number;
    payoutCents: number;
    settleSeq: number;
    shortfallCents: number;
    settledAt: Date | null;
  },
): Promise<void> {
  await trx
    .updateTable('sports_bets')
    .set({
      state: bet.state,
      result_code: bet.resultCode,
      order_status: bet.orderStatus,
      payout_cents: bet.payoutCents,
      settle_seq: bet.settleSeq,
      shortfall_cents: bet.shortfallCents,
      settled_at: bet.settledAt,
    })
    .where('id', '=', betId)
    .execute();
}
