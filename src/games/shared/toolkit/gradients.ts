import { FillGradient, type GradientOptions } from 'pixi.js';

/**
 * The gradients drawn on this thread (a table's worker, or the page when it draws the table), one
 * per definition, kept for the thread's life and never destroyed. Pixi keeps a module-wide cache
 * of the bind groups its graphics batches use (getTextureBatchBindGroup), and those still listen
 * to every gradient texture they ever bound: destroying one, even frames after it was last drawn,
 * made Pixi warn "[BindGroup] a 'textureSource' was destroyed while still bound" during LIMBO's
 * rounds and on every table left. Definitions are few and do not depend on the table's size
 * (`textureSpace: 'local'`), so the set is bounded: a handful per game, and one more for each
 * colour a designer tries in the tuning panel. A table's worker takes its gradients with it.
 */
const made = new Map<string, FillGradient>();

/** The gradient of `options`, made on first use. */
export function sharedGradient(options: GradientOptions): FillGradient {
  const key = JSON.stringify(options);
  let gradient = made.get(key);
  if (!gradient) {
    gradient = new FillGradient(options);
    made.set(key, gradient);
  }
  return gradient;
}

/** How many gradients this thread holds (tests). */
export function sharedGradientCount(): number {
  return made.size;
}
