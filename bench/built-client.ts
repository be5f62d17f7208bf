import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  closeHttpConnections,
  startServerProcess,
  type ServerProcess,
} from '../tests/support/server-process';

/**
 * The built client to measure and serve: `dist/` unless `TREVO_STATIC_DIR` names a helper's own build
 * (`npx vite build --outDir .tmp/dist-x`), as the end-to-end tests allow, so a bench never needs to
 * rewrite the shared `dist/`.
 */
export const STATIC_DIR = process.env.TREVO_STATIC_DIR ?? 'dist';

/**
 * A server process on a fresh PGlite folder serving the built client, with the default operator
 * file changed by `tune` (the client benches: frames and bytes, Lighthouse). `stop()` ends it and
 * removes its folder.
 */
export async function serveBuiltClient(
  tune: (config: { games: Record<string, unknown> }) => void,
): Promise<{ server: ServerProcess; dir: string; stop(): Promise<void> }> {
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    throw new Error(
      `Build the client first: npx vite build${STATIC_DIR === 'dist' ? '' : ` --outDir ${STATIC_DIR}`}`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'trevo-bench-client-'));
  const config = JSON.parse(readFileSync('config/default.json', 'utf8'));
  tune(config);
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  const server = await startServerProcess({
    TREVO_DATA_DIR: join(dir, 'data'),
    TREVO_CONFIG: join(dir, 'config.json'),
    TREVO_STATIC_DIR: STATIC_DIR,
  });
  return {
    server,
    dir,
    async stop() {
      await server.stop();
      closeHttpConnections();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
