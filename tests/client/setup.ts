import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import i18n, { laterTexts, setLanguage } from '../../src/lib/i18n';
import { resetStores } from '../../src/lib/store';
import { setSocketFactory, syncSocket } from '../../src/services/socket';

/**
 * `findBy…` waits up to 5 s instead of Testing Library's 1 s: pages and games are lazy imports,
 * transformed on first use, and on a busy 2-core machine a first lazy panel was seen to take longer
 * than a second (a fresh-clone run). A missing element still fails; it only fails later.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * An observer that reports each observed element once, a task after it is observed, as a browser
 * does on its next frame, with `entry(target)`.
 */
function reportingOnce<E>(entry: (target: Element) => E) {
  return class {
    private stopped = false;
    constructor(private readonly callback: (entries: E[], observer: unknown) => void) {}
    observe(target: Element) {
      setTimeout(() => {
        if (!this.stopped) this.callback([entry(target)], this);
      }, 0);
    }
    disconnect() {
      this.stopped = true;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
  };
}

if (typeof window !== 'undefined') {
  // happy-dom lays nothing out, and its IntersectionObserver never reports: a test's page is all
  // on screen, so every watched element is reported as seen. Tests about what is not yet seen
  // install their own (count-up, site-footer).
  globalThis.IntersectionObserver = reportingOnce(
    (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
  ) as unknown as typeof IntersectionObserver;
  // Its ResizeObserver never reports either: a browser reports an observed element's size once it
  // is laid out (the game stage starts from that first report).
  globalThis.ResizeObserver = reportingOnce(
    (target) => ({ target, contentRect: target.getBoundingClientRect() }) as ResizeObserverEntry,
  ) as unknown as typeof ResizeObserver;
}

// Tests render pages and panels directly, not through the lazy loaders that fetch the pt_BR texts
// the first page leaves out (src/lib/i18n.ts): every test starts with all of them.
await laterTexts();

/**
 * The client project's files share one module graph per worker (vitest.config.ts): what a file
 * leaves in a module (a socket open for a token, a logged-in session, English, an open panel,
 * stored keys) the next file would start with, and its tests passed or failed with the order the
 * files landed in (live-feed did, on a fresh clone). Each file leaves the state of a fresh page.
 * Registered before the file's own hooks, this runs after them.
 */
afterAll(async () => {
  // A file may choose the node environment: no document, no storage.
  if (typeof document !== 'undefined') cleanup();
  syncSocket(null);
  setSocketFactory(null);
  if (i18n.language !== 'pt_BR') await setLanguage('pt_BR');
  resetStores();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
