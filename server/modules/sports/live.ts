import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { FeedMessage } from './feed';
import { rollbackResult, storeCancel, storeResult, type SettledBet } from './settlement.service';
import { payEarly } from './early-payout.service';
import { earlyPayoutSide } from '../../../domain/sports/early-payout';
import { heldByOperator } from './holds';
import type { Sports } from './sports.module';

/**
 * Live pushes (API.md "Socket events"): a socket joins a fixture's room with `sports.watch` and
 * receives `sports.odds` (prices and suspensions) and `sports.state` (score, clock, period) as the
 * feed reports them; results reported by the feed (and their rollbacks) are stored for settlement.
 */

const watchSchema = z.object({ fixtureId: z.string().min(1).max(64) });

/** The room of one fixture. */
export const fixtureRoom = (fixtureId: string) => `sports:${fixtureId}`;

/** Lets sockets watch fixtures (declared client events, platform/realtime.ts). */
export function installWatchHandlers(ctx: AppContext, sports: Sports) {
  ctx.realtime.on({
    name: 'sports.watch',
    access: 'player',
    joins: true,
    schema: watchSchema,
    // Only a fixture the feed knows has a room (issue 19, item 9: any id made one).
    handle: async (socket, p) => {
      if (!sports.feed.snapshot(p.fixtureId, sports.now())) return false;
      await socket.join(fixtureRoom(p.fixtureId));
    },
  });
  ctx.realtime.on({
    name: 'sports.unwatch',
    access: 'player',
    schema: watchSchema,
    handle: (socket, p) => socket.leave(fixtureRoom(p.fixtureId)),
  });
}

/**
 * The feed loop's work: advance the feed to now and act on what it reports. Runs on the one
 * instance holding the loop's lease; with Redis the pushes reach every instance's sockets.
 */
export function feedPump(ctx: AppContext, sports: Sports) {
  const queue: FeedMessage[] = [];
  sports.feed.subscribe((message) => queue.push(message));
  // The score each fixture was last checked for Pagamento Antecipado at: the clock ticks in
  // between ask nothing of the database.
  const checked = new Map<string, string>();
  return async function tick(): Promise<{ messages: number; paidEarly: SettledBet[] }> {
    const paidEarly: SettledBet[] = [];
    sports.feed.advance(sports.now());
    const messages = queue.splice(0);
    const io = ctx.realtime.io;
    // The feed does not know of operators' results: their fixtures' prices stay suspended.
    const held = await heldByOperator(
      ctx.db,
      messages.flatMap((m) => (m.type === 'odds_change' ? [m.fixtureId] : [])),
    );
    for (const m of messages) {
      switch (m.type) {
        case 'odds_change':
          if (held.has(m.fixtureId)) {
            io.to(fixtureRoom(m.fixtureId)).emit('sports.odds', { fixtureId: m.fixtureId, suspended: true });
            break;
          }
          io.to(fixtureRoom(m.fixtureId)).emit('sports.odds', {
            fixtureId: m.fixtureId,
            suspended: m.markets.some((x) => x.status === -1),
            markets: m.markets.map((x) => ({
              id: x.id,
              status: x.status,
              outcomes: x.outcomes.map((o) => ({
                id: o.id,
                odds: o.oddsMilli === null ? null : o.oddsMilli / 1000,
                active: o.active,
              })),
            })),
          });
          break;
        case 'bet_stop':
          io.to(fixtureRoom(m.fixtureId)).emit('sports.odds', { fixtureId: m.fixtureId, suspended: true });
          break;
        case 'match_state': {
          io.to(fixtureRoom(m.fixtureId)).emit('sports.state', {
            fixtureId: m.fixtureId,
            periodCode: m.state.periodCode,
            clock: m.state.clock,
            score: m.state.score,
            stats: m.state.stats,
          });
          // Pagamento Antecipado, while the match is being played (a final score is settlement's).
          const { score, periodCode } = m.state;
          const seen = `${score.home}-${score.away}`;
          if (periodCode < 0) checked.delete(m.fixtureId);
          if (periodCode > 0 && earlyPayoutSide(score) && checked.get(m.fixtureId) !== seen) {
            checked.set(m.fixtureId, seen);
            paidEarly.push(...(await payEarly(ctx, sports, m.fixtureId, score)));
          }
          break;
        }
        case 'fixture_change':
          io.to(fixtureRoom(m.fixture.id)).emit('sports.state', {
            fixtureId: m.fixture.id,
            periodCode: m.periodCode,
            startsAt: new Date(m.fixture.startsAt).toISOString(),
          });
          break;
        case 'bet_cancel':
          await storeCancel(ctx, m.fixtureId, m.window);
          break;
        case 'bet_settlement':
          // Only fixtures with bets have a row; the settlement loop pays from what is stored.
          await storeResult(ctx.db, m.fixtureId, m.result.result, m.result.final, 'feed');
          break;
        case 'rollback_settlement':
          await rollbackResult(ctx, m.fixtureId);
          break;
      }
    }
    return { messages: messages.length, paidEarly };
  };
}
