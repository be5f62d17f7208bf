import type { AppContext } from '../../platform/context';
import { roundTotals, type RoundGame } from './rounds.service';
import { announceRound } from './round-events';

/**
 * `round.bets` (the live totals per colour or pick of the open round) throttled per game: the first
 * bet after a quiet moment goes out at once, later ones at most every `ROUND_TOTALS_MS`, each time
 * with the round's totals read once. Sent per bet, each DOUBLE bet cost a read of every bet of the
 * round plus one write per socket in the room (500 in `npm run bench:load`), so a busy round grew
 * quadratically in reads and as bets × sockets in writes; totals are cumulative, so the latest
 * message carries everything the earlier ones would have.
 */
export const ROUND_TOTALS_MS = 250;

interface Throttle {
  /** When the last message went out (ms). */
  sentAt: number;
  /** The round whose totals are waiting to go out, if any. */
  pending?: string;
  timer?: ReturnType<typeof setTimeout>;
  /** The message being read and sent: the next one waits for it, so none overtakes an older one. */
  sending: Promise<void>;
}

const throttles = new WeakMap<AppContext, Map<RoundGame, Throttle>>();

/**
 * Reads the totals and sends them after the message before it: a read slower than 250 ms (a busy
 * database) would otherwise let an older, smaller total go out last.
 */
function send(ctx: AppContext, game: RoundGame, roundId: string, throttle: Throttle): void {
  throttle.sending = throttle.sending.then(() => readAndSend(ctx, game, roundId));
}

async function readAndSend(ctx: AppContext, game: RoundGame, roundId: string): Promise<void> {
  let totals: Record<string, number>;
  try {
    totals = await roundTotals(ctx.db, roundId);
  } catch (err) {
    // Totals are a view; the next bet or the round's close sends them again.
    ctx.log.warn({ err, game, roundId }, 'round totals not sent');
    return;
  }
  // Outside the catch: in the test runs an event the client would drop fails loudly.
  announceRound(ctx, 'round.bets', { game, roundId, totals });
}

/** Announces that a bet joined `roundId`: its totals reach the game's room within 250 ms. */
export function roundBetPlaced(ctx: AppContext, game: RoundGame, roundId: string): void {
  let perGame = throttles.get(ctx);
  if (!perGame) throttles.set(ctx, (perGame = new Map()));
  let throttle = perGame.get(game);
  if (!throttle) perGame.set(game, (throttle = { sentAt: 0, sending: Promise.resolve() }));
  const now = Date.now();
  if (!throttle.timer && now - throttle.sentAt >= ROUND_TOTALS_MS) {
    throttle.sentAt = now;
    send(ctx, game, roundId, throttle);
    return;
  }
  throttle.pending = roundId;
  if (throttle.timer) return;
  const t = throttle;
  t.timer = setTimeout(
    () => {
      t.timer = undefined;
      const id = t.pending;
      t.pending = undefined;
      t.sentAt = Date.now();
      if (id) send(ctx, game, id, t);
    },
    Math.max(0, t.sentAt + ROUND_TOTALS_MS - now),
  );
  // Totals waiting to go out never keep a stopping process alive.
  t.timer.unref?.();
}
