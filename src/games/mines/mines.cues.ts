import type { MinesCue } from './mines.scene';

/**
 * The server's Mines answers (the `data` of `/mines/bet`, `/mines/reveal`, `/mines/cashout` and
 * `inPlay.mines`, see server/modules/games/mines.service.ts) and the cues each one plays. The
 * machine calls these with the live answers; `?round=<fixture>` calls them with recorded ones.
 */

/** The public state of a game; `outcome` (the mines) only once it has ended. */
export interface MinesGameView {
  gameId: string;
  gameCode: string;
  status: 'open' | 'busted' | 'cashed';
  mines: number;
  /** Gems revealed so far (the `step` the next reveal must send). */
  step: number;
  /** Tiles revealed, in order (the mine last on a bust). */
  revealed: number[];
  amount: number;
  /** Current cash-out multiplier while open; the paid one once ended (0 on a bust). */
  multiplier: number;
  nextMultiplier: number | null;
  payout: number;
  outcome?: { mines: number[] };
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  balance: number;
}

/** The answer of `/mines/reveal`: the game after the reveal, and what the tile was. */
export interface MinesRevealAnswer extends MinesGameView {
  mine: boolean;
  tile: number;
}

/** A new (or resumed) game: a fresh board with its gems so far, taps on. */
export function cuesForStart(game: MinesGameView): MinesCue[] {
  return [
    { type: 'cue.reset', mines: game.mines, revealed: game.status === 'open' ? game.revealed : [] },
    { type: 'cue.setInteractive', interactive: game.status === 'open' },
  ];
}

/** A reveal: the tile, then the end of the game when it was a mine or the last gem. */
export function cuesForReveal(answer: MinesRevealAnswer): MinesCue[] {
  const cues: MinesCue[] = [
    answer.mine
      ? { type: 'cue.reveal', tile: answer.tile, kind: 'mine' }
      : { type: 'cue.reveal', tile: answer.tile, kind: 'gem', multiplier: answer.multiplier },
  ];
  return answer.status === 'open' ? cues : [...cues, ...cuesForEnd(answer)];
}

/** A cash-out: the rest of the board, then the banner. */
export function cuesForCashout(game: MinesGameView): MinesCue[] {
  return cuesForEnd(game);
}

function cuesForEnd(game: MinesGameView): MinesCue[] {
  const mines = game.outcome?.mines ?? [];
  const last = game.revealed[game.revealed.length - 1] ?? 12;
  if (game.status === 'busted') {
    return [
      { type: 'cue.setInteractive', interactive: false },
      { type: 'cue.bust', tile: last },
      { type: 'cue.revealAll', mines },
    ];
  }
  return [
    { type: 'cue.setInteractive', interactive: false },
    { type: 'cue.revealAll', mines },
    { type: 'cue.cashout', multiplier: game.multiplier, payout: game.payout },
  ];
}
