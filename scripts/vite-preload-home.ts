import type { Plugin } from 'vite';

const HOME = /[\\/]src[\\/]shell[\\/]pages[\\/]home-page\.tsx$/;

/**
 * Fetches home's code with the first page's (issue 18: Lighthouse on home). Home is a lazy route,
 * so its chunk and style sheet were asked for only once the main bundle had run: one more round
 * trip before the first screen of content, which on a phone's slow line is most of the gap between
 * the header and the banners. `modulepreload` and `preload` links in index.html ask for them at
 * once; they are still evaluated in their own task when the router needs them, so the start-up
 * task does not grow. They are about 3.5 kB compressed, read on any first page (home is where
 * most visits start).
 *
 * Both kinds carry `crossorigin` as Vite's own preloads do (its helper adds the style sheet with
 * `crossOrigin = ''`): a preload whose credentials mode differs from the request's is not used,
 * and the sheet is fetched twice.
 *
 * The build fails if home's chunk is not found, rather than quietly dropping the preload.
 */
export function preloadHome(): Plugin {
  return {
    name: 'trevo-preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const home = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId && HOME.test(item.facadeModuleId),
        );
        if (!home || home.type !== 'chunk') {
          throw new Error("home-page.tsx's chunk was not found: update scripts/vite-preload-home.ts");
        }
        const chunks = [home, ...home.imports.map((file) => bundle[file])].filter(
          (item): item is typeof home => item?.type === 'chunk',
        );
        const links = [
          ...chunks
            .filter((chunk) => !html.includes(`/${chunk.fileName}"`))
            .map((chunk) => ({ rel: 'modulepreload', href: `/${chunk.fileName}`, crossorigin: '' })),
          ...[...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({ rel: 'preload', as: 'style', href: `/${file}`, crossorigin: '' })),
        ];
        return links.map((attrs) => ({ tag: 'link', attrs, injectTo: 'head' as const }));
      },
    },
  };
}
