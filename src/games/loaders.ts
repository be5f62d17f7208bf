import type { GameType } from '../../domain/codes';
import type { GameModule } from './shared/game-host';

/**
 * Each game's code, one dynamic-import chunk per game (Pixi, gsap, howler and the scenes load only
 * on a game route; the first page never carries them). A game is listed once its table is
 * playable. Lean on purpose — no React, no CSS — so the router may start a table's download
 * beside its page's (src/shell/app/routes.tsx) without either reaching the first page.
 */
const GAME_LOADERS: Partial<Record<GameType, () => Promise<GameModule>>> = {
  dice: () => import('./dice/dice-game'),
  double: () => import('./double/double-game'),
  limbo: () => import('./limbo/limbo-game'),
  luckyColor: () => import('./luckyColor/lucky-color-game'),
  mines: () => import('./mines/mines-game'),
  rowDouble: () => import('./rowDouble/row-double-game'),
};

/** Tables whose code has arrived: the page that mounts one then draws it in its first render. */
const arrived = new Map<GameType, GameModule>();

/** True when `gameType` has a playable table. */
export function hasGame(gameType: GameType): boolean {
  return gameType in GAME_LOADERS;
}

const remembering = new Map<GameType, () => Promise<GameModule>>();

/**
 * The loader of `gameType`'s code, which remembers what arrived; null for a game without a table.
 * The same function every time, so a table's loading effect does not start again on a re-render.
 */
export function gameLoader(gameType: GameType): (() => Promise<GameModule>) | null {
  const load = GAME_LOADERS[gameType];
  if (!load) return null;
  let remembered = remembering.get(gameType);
  if (!remembered) {
    remembered = async () => {
      const module = await load();
      arrived.set(gameType, module);
      return module;
    };
    remembering.set(gameType, remembered);
  }
  return remembered;
}

/** `gameType`'s code when it has already arrived (a preload, an earlier visit), else null. */
export function arrivedGame(gameType: GameType): GameModule | null {
  return arrived.get(gameType) ?? null;
}

/**
 * Starts the download of `gameType`'s table now; never rejects (a failure shows in the table's
 * own loader, which offers the retry).
 */
export function preloadGame(gameType: GameType): Promise<void> {
  return (gameLoader(gameType)?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
