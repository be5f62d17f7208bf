import { fromCallback, fromPromise } from 'xstate';
import type { RoundBetInput, RoundGameEvent } from '../../machines/games/round-game';
import type { RoundBet, RoundState } from '../../services/rounds-api';
import type { RecordedRound, RoundSocketEvent } from './round-wire';

/**
 * `?round=<fixture>` for the shared-round tables: the recorded visit plays instead of the server.
 * The state answer comes once the scene is on screen, then every recorded socket event at its
 * time after it; at a recorded bet the player's pick and amount are set and the bet button is
 * pressed, and the bet call answers what the server answered. Nothing is bet.
 */

/** The round machine's event for a recorded socket event. */
export function replayEvent(event: RoundSocketEvent): RoundGameEvent {
  const p = event.payload as Record<string, unknown>;
  switch (event.name) {
    case 'round.opened':
      return {
        type: 'server.opened',
        roundId: String(p.roundId),
        closesAt: String(p.closesAt),
        rollsAt: String(p.rollsAt),
      };
    case 'round.bets':
      return { type: 'server.bets', roundId: String(p.roundId), totals: p.totals as Record<string, number> };
    case 'round.closed':
      return { type: 'server.closed', roundId: String(p.roundId) };
    case 'round.result':
      return { type: 'server.result', roundId: String(p.roundId), result: Number(p.result) };
    case 'round.cancelled':
      return { type: 'server.cancelled', roundId: String(p.roundId) };
    case 'insBalance':
      return { type: 'server.balance', balance: Number(p.balance) };
  }
}

/** The stake of a recorded bet as the amount field shows it ("5,00"). */
const amountField = (amount: number) => amount.toFixed(2).replace('.', ',');

/**
 * The round machine's three actors replaying `recording`; `sceneReady` resolves when the table
 * can show what happens (the recording's times count from then).
 */
export function replayActors(
  recording: RecordedRound<{ amount: number; color?: string; pick?: string }>,
  sceneReady: Promise<void>,
) {
  const answers = recording.timeline.flatMap((item) => (item.kind === 'bet' ? [item.answer] : []));
  let answered = 0;
  const placed: RoundBet[] = [];
  return {
    // A resync asks again: the recorded round with the bets placed so far, as the server would.
    loadState: fromPromise<RoundState>(async () => {
      await sceneReady;
      const myBets = placed.map((b) => ({ ...b, status: 'open' as const, payout: null }));
      return { ...recording.state, myBets } as RoundState;
    }),
    roomEvents: fromCallback<RoundGameEvent>(({ sendBack }) => {
      const timers: ReturnType<typeof setTimeout>[] = [];
      let stopped = false;
      void sceneReady.then(() => {
        if (stopped) return;
        for (const item of recording.timeline) {
          timers.push(
            setTimeout(() => {
              if (item.kind === 'socket') return sendBack(replayEvent(item));
              const pick = item.request.color ?? item.request.pick ?? '';
              // The machine takes player events from its room too: the recording presses the button.
              sendBack({ type: 'player.setPick', pick });
              sendBack({ type: 'player.setAmount', text: amountField(item.request.amount) });
              sendBack({ type: 'player.bet' });
            }, item.atMs),
          );
        }
      });
      return () => {
        stopped = true;
        for (const timer of timers) clearTimeout(timer);
      };
    }),
    placeBet: fromPromise<RoundBet, RoundBetInput>(async () => {
      const answer = answers[answered++ % Math.max(answers.length, 1)];
      if (!answer) throw new Error('The recording has no bet');
      placed.push(answer);
      return answer;
    }),
  };
}
