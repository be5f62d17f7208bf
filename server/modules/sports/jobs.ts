import type { AppContext } from '../../platform/context';
import { announceBalances } from '../../platform/announcer';
import { centsToBrl } from '../../../domain/money';
import { BetResult } from '../../../domain/codes';
import { decideLiveBet, dueLiveBets } from './betting.service';
import { feedPump } from './live';
import { settlePending } from './settlement.service';
import type { Sports } from './sports.module';

/**
 * The sportsbook's background work, each run by one instance under a lease (server/jobs/lease.ts):
 * the feed pump, the live-bet decisions and the settlement loop. Tests call the same functions.
 */

/** Tells players what settlement changed: each bet, then their balances once. */
export async function announceSettled(
  ctx: AppContext,
  settled: Array<{ betId: string; userId: number; resultCode: number; payoutCents: number }>,
) {
  for (const s of settled) {
    ctx.realtime.emitToUser(s.userId, 'sports.betSettled', {
      betId: s.betId,
      result: s.resultCode,
      payout: centsToBrl(s.payoutCents),
    });
  }
  for (const userId of new Set(settled.map((s) => s.userId))) await announceBalances(ctx, userId);
}

/** Settles whatever the stored and fed results allow, and announces it. */
export async function runSettlement(ctx: AppContext, sports: Sports) {
  const settled = await settlePending(ctx, sports);
  await announceSettled(ctx, settled);
  return settled;
}

/** Decides one live bet after its delay and tells the player. */
export async function decideAndAnnounce(ctx: AppContext, sports: Sports, betId: string) {
  const decided = await decideLiveBet(ctx, sports, betId);
  if (!decided) return null;
  if (decided.accepted) {
    ctx.realtime.emitToUser(decided.userId, 'sports.betAccepted', { betId });
  } else {
    ctx.realtime.emitToUser(decided.userId, 'sports.betSettled', {
      betId,
      result: BetResult.refused,
      payout: centsToBrl(decided.refundCents),
    });
    await announceBalances(ctx, decided.userId);
  }
  return decided;
}

/** Decides every live bet whose delay has passed. */
export async function decideDueBets(ctx: AppContext, sports: Sports) {
  const decided = [];
  for (const id of await dueLiveBets(ctx, sports.now())) {
    const d = await decideAndAnnounce(ctx, sports, id);
    if (d) decided.push(d);
  }
  return decided;
}

/** The loops app.ts runs under leases, with their intervals. */
export function sportsLoops(ctx: AppContext, sports: Sports) {
  const pump = feedPump(ctx, sports);
  return [
    {
      name: 'sports-feed',
      intervalMs: 500,
      tick: async () => void (await announceSettled(ctx, (await pump()).paidEarly)),
    },
    { name: 'sports-accept', intervalMs: 500, tick: async () => void (await decideDueBets(ctx, sports)) },
    { name: 'sports-settle', intervalMs: 1000, tick: async () => void (await runSettlement(ctx, sports)) },
  ];
}
