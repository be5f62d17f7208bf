import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../domain/fairness/hash';
import { floats, minesFromFloats } from '../../../domain/fairness/instant';
import { minesMultiplier, payoutCents } from '../../../domain/games/rules';
import { fixtures, replayCues, type MinesFixture } from '../../../src/games/mines/fixtures';

const EDGE = 0.01;
const rounds: Array<[string, MinesFixture]> = Object.entries(fixtures);

describe.each(rounds)('Mines recording "%s"', (_name, round) => {
  const { fairness, mines } = round.bet.response;
  const board = minesFromFloats(floats(round.serverSeed, fairness.clientSeed, fairness.nonce, 24), mines);
  const last = round.moves[round.moves.length - 1]!.response;

  it('is a real outcome of its seeds', () => {
    expect(sha256Hex(round.serverSeed)).toBe(fairness.serverSeedHash);
    expect(last.outcome?.mines).toEqual(board);
  });

  it('answers every reveal as the server would, step by step', () => {
    let gems = 0;
    for (const move of round.moves) {
      if (!('reveal' in move)) continue;
      expect(move.reveal.step).toBe(gems);
      expect(move.response.mine).toBe(board.includes(move.reveal.tile));
      if (!move.response.mine) gems++;
      expect(move.response.step).toBe(gems);
      if (move.response.status === 'open')
        expect(move.response.multiplier).toBe(minesMultiplier(gems, mines, EDGE));
    }
  });

  it('pays the multiplier of its gems (or nothing on a mine)', () => {
    const paid = last.status === 'cashed' ? minesMultiplier(last.step, mines, EDGE) : 0;
    expect(last.multiplier).toBe(paid);
    expect(Math.round(last.payout * 100)).toBe(payoutCents(Math.round(last.amount * 100), paid));
  });

  it('replays as cues that end the way the round ended', () => {
    const cues = replayCues(round);
    expect(cues[0]).toEqual({ type: 'cue.reset', mines, revealed: [] });
    const reveals = cues.filter((cue) => cue.type === 'cue.reveal');
    expect(reveals.map((cue) => cue.tile)).toEqual(last.revealed);
    const end = cues.slice(-2);
    if (last.status === 'busted') {
      expect(end).toEqual([
        { type: 'cue.bust', tile: last.revealed[last.revealed.length - 1] },
        { type: 'cue.revealAll', mines: board },
      ]);
    } else {
      expect(end).toEqual([
        { type: 'cue.revealAll', mines: board },
        { type: 'cue.cashout', multiplier: last.multiplier, payout: last.payout },
      ]);
    }
  });
});

it('records a win, a loss, a big multiplier and a full clear', () => {
  const ends = rounds.map(([, round]) => round.moves[round.moves.length - 1]!.response);
  expect(ends.some((end) => end.status === 'busted')).toBe(true);
  expect(ends.some((end) => end.status === 'cashed' && end.multiplier > 100)).toBe(true);
  expect(fixtures.clear.moves).toHaveLength(1);
  expect(fixtures.clear.moves[0]!.response.status).toBe('cashed');
});
