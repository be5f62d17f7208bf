import type { SettledBet } from '../../../domain/schemas/game.schema';
import type { LimboCue } from './limbo.scene';

/** The answer of `/limbo/bet` (the envelope's `data`, server/modules/games/instant.service.ts): a settled bet. */
export interface LimboBetAnswer extends Omit<SettledBet, 'outcome'> {
  outcome: { result: number };
}

/**
 * The cues of one settled bet: the climb to the server's result against the target the bet was
 * placed with, then the settle. The machine calls this with the live answer; `?round=<fixture>`
 * with a recorded one.
 */
export function cuesForBet(target: number, answer: LimboBetAnswer): LimboCue[] {
  const { result } = answer.outcome;
  return [
    { type: 'cue.roll', result, target, win: answer.win },
    { type: 'cue.settle', result, win: answer.win },
  ];
}
