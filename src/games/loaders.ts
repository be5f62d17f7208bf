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

/**
 * Each loader, remembering what arrived. Made once, so a table's loading effect (which depends on
 * its loader) does not start again on a re-render.
 */
const REMEMBERING = new Map(
  Object.entries(GAME_LOADERS).map(([gameType, load]) => [
    gameType as GameType,
    async () => {
      const module = await load();
      arrived.set(gameType as GameType, module);
      return module;
    },
  ]),
);

/** True when `gameType` has a playable table. */
export function hasGame(gameType: GameType): boolean {
  return REMEMBERING.has(gameType);
}

/** The loader of `gameType`'s code, which remembers what arrived; null for a game without a table. */
export function gameLoader(gameType: GameType): (() => Promise<GameModule>) | null {
  return REMEMBERING.get(gameType) ?? null;
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
