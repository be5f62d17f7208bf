import { createElement } from 'react';
import type { GameType } from '../../domain/codes';
import type { GameHostProps, GameModule } from './shared/game-host';
import { GameLoader } from './shared/game-loader';
import './shared/games.css';

/**
 * The only module the shell imports from src/games (eslint boundary 3). Each game is its own
 * dynamic-import chunk, so Pixi, gsap, howler and the scenes load only on a game route and the
 * first page never carries them. A game is listed here once its table is playable.
 */
const GAME_LOADERS: Partial<Record<GameType, () => Promise<GameModule>>> = {
  dice: () => import('./dice/dice-game'),
  double: () => import('./double/double-game'),
  limbo: () => import('./limbo/limbo-game'),
  luckyColor: () => import('./luckyColor/lucky-color-game'),
  mines: () => import('./mines/mines-game'),
  rowDouble: () => import('./rowDouble/row-double-game'),
};

/** True when `gameType` has a playable table. */
export function hasGame(gameType: GameType): boolean {
  return gameType in GAME_LOADERS;
}

export type { GameHostProps };

/** The table of `gameType`, loaded on demand; null for a game without one yet. */
export function GameView(props: { gameType: GameType } & GameHostProps) {
  const { gameType, ...host } = props;
  const load = GAME_LOADERS[gameType];
  if (!load) return null;
  return createElement(GameLoader, { key: gameType, gameType, load, host });
}
