import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STAND_IN = fileURLToPath(new URL('./pixi-canvas-blend-modes.ts', import.meta.url));
const PROBE =
  /[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canUseNewCanvasBlendModes\.mjs$/;

/**
 * Takes a probe out of Pixi's start (issue 18: /dice's blocking time). Pixi's `canvasUtils`, which
 * the WebGL renderer's text drawing imports too, finds out when it is first evaluated whether a 2D
 * canvas blends with `multiply`: it draws into a canvas and reads a pixel back, and reading a GPU
 * canvas back makes the page's thread wait for the GPU process. Measured on /dice in headless
 * Chromium (SwiftShader), that read took 1.3 s of the page's thread while the table's code loaded;
 * the answer is the same in every browser the client supports (pixi-canvas-blend-modes.ts).
 *
 * Pixi's modules import the probe by a relative path; each such import is answered with the
 * stand-in, and the build fails if the probe's own module is loaded anyway (a Pixi that reaches
 * it another way), rather than quietly probing again.
 */
export function pixiBlendProbeKnown(): Plugin {
  return {
    name: 'trevo-pixi-blend-probe',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('pixi.js') || !source.endsWith('/canUseNewCanvasBlendModes.mjs')) return null;
      return STAND_IN;
    },
    load(id) {
      if (PROBE.test(id)) {
        this.error("Pixi's blend-mode probe was bundled: update scripts/vite-pixi-blend-probe.ts");
      }
      return null;
    },
  };
}
