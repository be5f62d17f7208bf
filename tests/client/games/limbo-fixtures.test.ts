import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../domain/fairness/hash';
import { floats, limboResultFromFloat } from '../../../domain/fairness/instant';
import { payoutCents } from '../../../domain/games/rules';
import { fixtures, replayCues } from '../../../src/games/limbo/fixtures';

const EDGE = 0.01;
const bets = Object.entries(fixtures);

describe.each(bets)('Limbo recording "%s"', (_name, bet) => {
  const { response, request } = bet;

  it('is a real outcome of its seeds', () => {
    const [f] = floats(bet.serverSeed, response.fairness.clientSeed, response.fairness.nonce, 1);
    expect(sha256Hex(bet.serverSeed)).toBe(response.fairness.serverSeedHash);
    expect(response.outcome.result).toBe(limboResultFromFloat(f!, EDGE));
  });

  it('wins when the result reaches the target and pays stake × target', () => {
    const win = response.outcome.result >= request.target;
    expect(response.win).toBe(win);
    expect(response.multiplier).toBe(win ? request.target : 0);
    expect(Math.round(response.payout * 100)).toBe(
      win ? payoutCents(Math.round(request.amount * 100), request.target) : 0,
    );
  });

  it('replays as reset, roll to the result, settle', () => {
    const { result } = response.outcome;
    expect(replayCues(bet)).toEqual([
      { type: 'cue.reset', target: request.target },
      { type: 'cue.roll', result, target: request.target, win: response.win },
      { type: 'cue.settle', result, win: response.win },
    ]);
  });
});

it('records a win, a loss and a big multiplier', () => {
  const answers = bets.map(([, bet]) => bet.response);
  expect(answers.some((a) => a.win)).toBe(true);
  expect(answers.some((a) => !a.win)).toBe(true);
  expect(answers.some((a) => a.win && a.multiplier >= 1000)).toBe(true);
});
