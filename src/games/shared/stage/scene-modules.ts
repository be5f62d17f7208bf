import type { SceneCue, SceneFactory } from '../scene';
import type { TuningSchema } from '../tuning';

/** What each `src/games/<game>/<game>.scene.ts` module exports. */
export interface SceneModule {
  createScene: SceneFactory<TuningSchema, SceneCue>;
}

/**
 * Each game's scene by its game type, loaded on demand: in the stage's worker (stage.worker.ts)
 * where the browser can draw off the page's thread, else on the page (game-stage.tsx). Either way
 * the page's game chunk carries no Pixi and no scene.
 */
const SCENES: Record<string, () => Promise<unknown>> = {
  dice: () => import('../../dice/dice.scene'),
  double: () => import('../../double/double.scene'),
  limbo: () => import('../../limbo/limbo.scene'),
  luckyColor: () => import('../../luckyColor/lucky-color.scene'),
  mines: () => import('../../mines/mines.scene'),
  rowDouble: () => import('../../rowDouble/row-double.scene'),
};

export async function loadSceneModule(gameType: string): Promise<SceneModule> {
  const load = SCENES[gameType];
  if (!load) throw new Error(`no scene for ${gameType}`);
  return (await load()) as SceneModule;
}
