import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { saoPauloDayOf, saoPauloDayEnd, saoPauloDayStart } from '../../../domain/sao-paulo-days';
import type { Dashboard } from '../../../domain/schemas/back-office.schema';
import { dailyReport } from './reports.repository';

const tally = (row: { n: string | number; cents: string | number | null }) => ({
  count: Number(row.n),
  amount: centsToBrl(Number(row.cents ?? 0)),
});

/**
 * The console's first screen (issue 19): today in São Paulo so far. GGR, deposits, paid
 * withdrawals, new players and first deposits are the daily report's own row, so the dashboard and
 * Relatórios never disagree; the rest are counts of what waits for an operator.
 */
export async function dashboardOf(db: Db, now = new Date()): Promise<Dashboard> {
  const day = saoPauloDayOf(now);
  const since = saoPauloDayStart(day);
  const until = saoPauloDayEnd(day);
  const [report] = await dailyReport(db, day, day);
  const requested = await db
    .selectFrom('withdrawals')
    .select([sql<string>`count(*)`.as('n'), sql<string>`sum(amount_cents)`.as('cents')])
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom('withdrawals')
    .select([sql<string>`count(*)`.as('n'), sql<string>`sum(amount_cents)`.as('cents')])
    .where('payout_state', '=', 'paid')
    .where('finished_at', '>=', since)
    .where('finished_at', '<', until)
    .executeTakeFirstOrThrow();
  const deposits = await db
    .selectFrom('deposit_orders')
    .select([sql<string>`count(*)`.as('n'), sql<string>`sum(amount_cents)`.as('cents')])
    .where('paid_at', '>=', since)
    .where('paid_at', '<', until)
    .executeTakeFirstOrThrow();
  const queue = await db
    .selectFrom('withdrawals')
    .select([sql<string>`count(*)`.as('n'), sql<string>`sum(amount_cents)`.as('cents')])
    .where('payout_state', '=', 'waiting_approval')
    .executeTakeFirstOrThrow();
  // Bonuses leave the promotions account when granted and come back when forfeited.
  const bonus = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select(sql<string>`coalesce(-sum(p.amount), 0)`.as('cents'))
    .where('a.kind', '=', 'promotions')
    .where('t.created_at', '>=', since)
    .where('t.created_at', '<', until)
    .executeTakeFirstOrThrow();
  const { rows: active } = await sql<{ n: string }>`
    select count(*) as n from (
      select user_id from bets where created_at >= ${since} and created_at < ${until}
      union
      select user_id from sports_bets where placed_at >= ${since} and placed_at < ${until}
    ) players`.execute(db);
  const chats = await db
    .selectFrom('support_conversations')
    .select(sql<string>`count(*)`.as('n'))
    .where('awaiting_reply', '=', true)
    .executeTakeFirstOrThrow();
  const complaints = await db
    .selectFrom('complaints')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const alerts = await db
    .selectFrom('compliance_alerts')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', 'in', ['open', 'reviewing'])
    .executeTakeFirstOrThrow();

  const ggr = Math.round((report!.casinoGgr + report!.sportsGgr) * 100);
  const bonusCents = Number(bonus.cents);
  return {
    day,
    at: now.toISOString(),
    deposits: tally(deposits),
    withdrawalsPaid: tally(paid),
    withdrawalsRequested: tally(requested),
    approvalQueue: tally(queue),
    casinoGgr: report!.casinoGgr,
    sportsGgr: report!.sportsGgr,
    ggr: centsToBrl(ggr),
    bonusCost: centsToBrl(bonusCents),
    ngr: centsToBrl(ggr - bonusCents),
    activePlayers: Number(active[0]!.n),
    newPlayers: report!.newPlayers,
    firstDeposits: report!.firstDeposits,
    chatsWaiting: Number(chats.n),
    complaintsOpen: Number(complaints.n),
    alertsOpen: Number(alerts.n),
  };
}
