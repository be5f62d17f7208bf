import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STAND_IN = fileURLToPath(new URL('./axios-no-fetch-adapter.ts', import.meta.url));
const ADAPTERS = /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;

/**
 * Leaves axios's fetch adapter out of the client (issue 18: a visitor's first page under 180 kB
 * of gzipped JavaScript). axios's adapter table imports all three adapters whatever a request
 * uses, and a bundler cannot tell that one is never chosen: the fetch adapter is 6.7 kB of
 * minified code (4.1 kB gzip with what only it uses) in every page. The client's instances name
 * `adapter: 'xhr'`, so the table's fetch entry is never read; this resolves the table's import of
 * `./fetch.js` to a stand-in that declares fetch unsupported.
 *
 * The build fails if axios's table is bundled without that import being replaced (a new axios
 * that moved it), rather than quietly carrying the adapter again.
 */
export function axiosXhrOnly(): Plugin {
  let tableSeen = false;
  let replaced = false;
  return {
    name: 'trevo-axios-xhr-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !ADAPTERS.test(importer)) return null;
      tableSeen = true;
      if (source !== './fetch.js') return null;
      replaced = true;
      return STAND_IN;
    },
    buildEnd(error) {
      if (!error && tableSeen && !replaced) {
        this.error("axios's adapter table no longer imports './fetch.js': update scripts/vite-axios-xhr.ts");
      }
    },
  };
}
