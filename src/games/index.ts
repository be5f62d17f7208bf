import { createElement } from 'react';
import type { GameType } from '../../domain/codes';
import type { GameHostProps } from './shared/game-host';
import { GameLoader } from './shared/game-loader';
import { arrivedGame, gameLoader } from './loaders';
import './shared/games.css';

/**
 * The module the shell imports from src/games (eslint boundary 3), with the lean loaders.ts the
 * router uses to start a table's download early.
 */
export { hasGame } from './loaders';
export type { GameHostProps };

/** The table of `gameType`, loaded on demand (at once when its code has arrived); null without one. */
export function GameView(props: { gameType: GameType } & GameHostProps) {
  const { gameType, ...host } = props;
  const load = gameLoader(gameType);
  if (!load) return null;
  return createElement(GameLoader, { key: gameType, gameType, load, arrived: arrivedGame(gameType), host });
}
