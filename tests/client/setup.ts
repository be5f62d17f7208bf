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
 * happy-dom lays nothing out, and its IntersectionObserver never reports: a test's page is all on
 * screen, so every watched element is reported as seen, a task after it is observed (as a browser
 * reports on its next frame). Tests about what is not yet seen install their own (count-up,
 * site-footer).
 */
if (typeof window !== 'undefined') {
  globalThis.IntersectionObserver = class {
    private stopped = false;
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      setTimeout(() => {
        if (this.stopped) return;
        const entry = { target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry;
        this.callback([entry], this as unknown as IntersectionObserver);
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
  } as unknown as typeof IntersectionObserver;
}

/**
 * happy-dom's ResizeObserver never reports either: a browser reports an observed element's size
 * once it is laid out, on its next frame, so this reports each observed element once, a task later
 * (the game stage starts from that first report).
 */
if (typeof window !== 'undefined') {
  globalThis.ResizeObserver = class {
    private stopped = false;
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      setTimeout(() => {
        if (this.stopped) return;
        const entry = { target, contentRect: target.getBoundingClientRect() } as ResizeObserverEntry;
        this.callback([entry], this as unknown as ResizeObserver);
      }, 0);
    }
    disconnect() {
      this.stopped = true;
    }
    unobserve() {}
  } as unknown as typeof ResizeObserver;
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
