import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { fixtures as doubleFixtures } from '../../../src/games/double/fixtures';
import { fixtures as luckyFixtures } from '../../../src/games/luckyColor/fixtures';
import { replayActors } from '../../../src/games/shared-art/round-replay';
import type { RecordedRound } from '../../../src/games/shared-art/round-wire';
import { activeLeafPath } from '../../../src/machines/games/bet-actors';
import { doubleMachine } from '../../../src/machines/games/double.machine';
import { luckyColorMachine } from '../../../src/machines/games/lucky-color.machine';
import type { RoundGameContext } from '../../../src/machines/games/round-game';

type Recording = RecordedRound<{ amount: number; color?: string; pick?: string }>;

/**
 * Plays `recording` through `machine` as `?round=` does, with a scene that shows up after
 * `sceneAfterMs` and finishes each cue at once; `at(ms)` runs the recording to `ms` after that.
 */
function replay(machine: AnyStateMachine, recording: Recording, sceneAfterMs = 0) {
  const touched = vi.fn();
  const shown = new Promise<void>((resolve) => setTimeout(resolve, sceneAfterMs));
  const actor = createActor(
    machine.provide({
      actors: replayActors(recording, shown),
      actions: { publishBalance: touched, refreshBalance: touched },
    }),
    { input: {} },
  );
  const cues: string[] = [];
  actor.on('*', (cue: { type: string }) => {
    cues.push(cue.type);
    queueMicrotask(() => actor.send({ type: 'scene.cueDone', cue: cue.type }));
  });
  actor.start();
  let now = 0;
  return {
    cues,
    touched,
    async at(ms: number) {
      await vi.advanceTimersByTimeAsync(sceneAfterMs + ms - now);
      now = sceneAfterMs + ms;
      const snapshot = actor.getSnapshot();
      return {
        context: snapshot.context as RoundGameContext,
        phase: activeLeafPath((snapshot.value as { round: unknown }).round),
      };
    },
  };
}

/** When the recording's result arrives. */
const resultAt = (recording: Recording) =>
  recording.timeline.find((item) => item.kind === 'socket' && item.name === 'round.result')!.atMs;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('?round= replays a recorded shared round without the server', () => {
  it('DOUBLE redWin: waits for the scene, bets R$ 5 on red at its time, red comes and the balance is the recording’s', async () => {
    const recording = doubleFixtures.redWin as Recording;
    const run = replay(doubleMachine, recording, 3_000);
    expect((await run.at(-1)).phase).toBe('loading');
    const betting = await run.at(2_600);
    expect(betting.phase).toBe('betting');
    expect(betting.context.bets).toEqual([
      { betId: 'B202603149545AD2306A8', pick: 'red', amount: 5, outcome: null },
    ]);
    const settled = await run.at(resultAt(recording) + 500);
    expect(settled.phase).toBe('complete');
    expect(settled.context.bets[0]!.outcome).toEqual({ win: true, payout: 10 });
    expect(settled.context.balance).toBe(105);
    // The recording ends with the next round open.
    const next = await run.at(20_000);
    expect(next.phase).toBe('betting');
    expect(next.context.round?.roundId).toBe('double-11');
    expect(run.cues).toEqual([
      'cue.history',
      'cue.betting',
      'cue.closed',
      'cue.roll',
      'cue.result',
      'cue.history',
      'cue.betting',
    ]);
  });

  it('DOUBLE cancelled: the stake is refunded', async () => {
    const recording = doubleFixtures.cancelled as Recording;
    const run = replay(doubleMachine, recording);
    const cancelAt = recording.timeline.find(
      (i) => i.kind === 'socket' && i.name === 'round.cancelled',
    )!.atMs;
    const after = await run.at(cancelAt + 100);
    expect(after.phase).toBe('cancelled');
    expect(after.context.bets.map((b) => b.outcome)).toEqual(['refunded']);
  });

  it('LUCKYCOLOR greenWin: bets R$ 10 on green and a green digit pays 2×', async () => {
    const recording = luckyFixtures.greenWin as Recording;
    const run = replay(luckyColorMachine, recording);
    const settled = await run.at(resultAt(recording) + 500);
    expect(settled.context.round?.result).toSatisfy((d: number) => [1, 3, 7, 9].includes(d));
    expect(settled.context.bets).toEqual([
      expect.objectContaining({ pick: 'green', amount: 10, outcome: { win: true, payout: 20 } }),
    ]);
    expect(run.cues).toContain('cue.draw');
  });
});
