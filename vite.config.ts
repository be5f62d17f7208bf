import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { axiosXhrOnly } from './scripts/vite-axios-xhr.ts';
import { pixiBlendProbeKnown } from './scripts/vite-pixi-blend-probe.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { preloadHome } from './scripts/vite-preload-home.ts';
import { splitPtTexts } from './scripts/vite-split-texts.ts';

// The dev server proxies the API and the socket to the Fastify process (`npm run dev` starts both).
const apiTarget = `http://127.0.0.1:${process.env.TREVO_API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react(), axiosXhrOnly(), pixiBlendProbeKnown(), preloadHome(), splitPtTexts(), precompress()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
    },
  },
  // The games' stage worker (src/games/shared/stage/stage.worker.ts) as modules, so each game's
  // scene stays its own chunk there too; Pixi's blend probe is answered at build time there as well.
  worker: {
    format: 'es',
    plugins: () => [pixiBlendProbeKnown()],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/sandbox-psp': apiTarget,
      '/pix': apiTarget,
      '/gamecenter-siop': { target: apiTarget, ws: true },
    },
  },
});
