import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { fundedHttpPlayer } from '../tests/support/server-process';
import { serveBuiltClient, STATIC_DIR } from './built-client';

/**
 * `npm run bench` (second half): what the client costs a player.
 *
 * - Bytes: gzip size of all JavaScript a visitor's home page loads, and of what each game route
 *   loads on top of it (its chunk, Pixi, gsap, howler), as the browser actually requested them.
 * - Frames: frame time p50/p95 of each scene while it animates (timed in the stage's worker, where
 *   it is drawn), in headless Chromium (SwiftShader WebGL) at 390×844, device pixel ratio 1. The instant games replay a recorded round
 *   (`?round=`) several times; DOUBLE and LUCKYCOLOR play the server's live rounds (short ones).
 *
 * Figures, not pass/fail: targets (home ≤ 200 kB gzip without Pixi, p95 ≤ 20 ms) are in
 * docs/performance.md. Needs a built client (`npx vite build`).
 */

const ALL_GAMES = [
  { route: '/dice', replay: 'win' },
  { route: '/limbo', replay: 'big' },
  { route: '/mines', replay: 'win' },
  { route: '/rowDouble', replay: 'redWin' },
  { route: '/double', replay: null },
  { route: '/luckyColor', replay: null },
] as const;
/** `BENCH_GAMES=dice,mines` measures only those tables. */
const GAMES = process.env.BENCH_GAMES
  ? ALL_GAMES.filter((g) => process.env.BENCH_GAMES!.split(',').includes(g.route.slice(1)))
  : ALL_GAMES;

/** Machine states in which a scene is animating a round (every game's names). */
const ANIMATING = /^round\.(playing|showing|revealing|cashingOut|closed|rolling|drawing)/;
const FRAME_SECONDS = Number(process.env.BENCH_FRAME_SECONDS ?? 12);
/** `BENCH_CLIENT=frames` (or `bytes`, `floor`, or a list) runs only those parts. */
const PARTS = (process.env.BENCH_CLIENT ?? 'bytes,frames,floor').split(',');

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The gzip size of a built asset, from its URL path. */
function gzipOf(path: string): number {
  return gzipSync(readFileSync(join(STATIC_DIR, path))).length;
}

/** Every JavaScript URL path the page requests from now on. */
function recordScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) seen.add(url.pathname);
  });
  return seen;
}

/**
 * Records the game root's state at every frame of the page, with the time (ms since the epoch) it
 * was seen; the scene's own frames are timed where they are drawn (WORKER_FRAMES).
 */
const STATE_RECORDER = `
  window.__states = [];
  const tick = (now) => {
    const root = document.querySelector('[data-testid^="game-"][data-state]');
    const state = root ? root.getAttribute('data-state') : '';
    if (window.__states.at(-1)?.[1] !== state) window.__states.push([performance.timeOrigin + now, state]);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

/** The stage worker's frames (its own requestAnimationFrame, as Pixi's ticker): duration and end time. */
const WORKER_FRAMES = `
  self.__frames = [];
  let last = 0;
  const tick = (now) => {
    if (last) self.__frames.push([now - last, performance.timeOrigin + now]);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

async function bytes(browser: Browser, base: string, token: string) {
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const home = recordScripts(visitor);
  await visitor.goto(`${base}/home`);
  await visitor.waitForLoadState('networkidle');
  await visitor.close();
  const homeBytes = [...home].reduce((sum, path) => sum + gzipOf(path), 0);
  const pixiOnHome = [...home].some((path) => /pixi|RenderTarget|Geometry/i.test(path));
  console.log(
    `  home page JavaScript: ${kB(homeBytes)} gzip in ${home.size} files; Pixi ${pixiOnHome ? 'LOADED' : 'not loaded'}`,
  );
  // BENCH_LIST=1: each of home's files (and below, each game's added ones), biggest first: what to
  // look at when a total grows.
  if (process.env.BENCH_LIST) {
    for (const path of [...home].sort((a, b) => gzipOf(b) - gzipOf(a)))
      console.log(`    ${kB(gzipOf(path)).padStart(9)}  ${path}`);
  }
  for (const game of GAMES) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`${base}/home`);
    await page.waitForLoadState('networkidle');
    const extra = recordScripts(page);
    await page.goto(`${base}${game.route}`);
    await page.locator('[data-testid^="game-"][data-state]').first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    await page.close();
    const added = [...extra].filter((path) => !home.has(path));
    const total = added.reduce((sum, path) => sum + gzipOf(path), 0);
    console.log(`  ${game.route.padEnd(12)} adds ${kB(total)} gzip in ${added.length} files`);
    if (process.env.BENCH_LIST)
      for (const path of added.sort((a, b) => gzipOf(b) - gzipOf(a)))
        console.log(`    ${kB(gzipOf(path)).padStart(9)}  ${path}`);
  }
}

async function frames(browser: Browser, base: string, token: string) {
  for (const game of GAMES) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.addInitScript(STATE_RECORDER);
    await page.goto(`${base}${game.route}${game.replay ? `?round=${game.replay}` : ''}`);
    await page.getByTestId('game-loading').waitFor({ state: 'hidden', timeout: 120_000 });
    // The scene is drawn in the stage's worker (src/games/shared/stage/stage.worker.ts).
    const stage = page.workers().find((worker) => worker.url().includes('stage.worker'));
    if (!stage) throw new Error(`${game.route}: no stage worker`);
    await stage.evaluate(WORKER_FRAMES);
    const until = Date.now() + FRAME_SECONDS * 1000;
    // A replay plays once on load; the bet button plays it again until the time is up.
    while (Date.now() < until) {
      if (game.replay) {
        const button = page.getByTestId('bet-button');
        if (await button.isEnabled().catch(() => false)) await button.click().catch(() => undefined);
      }
      await page.waitForTimeout(500);
    }
    const drawn = (await stage.evaluate('self.__frames')) as [number, number][];
    const states = (await page.evaluate('window.__states')) as [number, string][];
    await page.close();
    // Each frame counts under the state the table was in when it ended.
    const stateAt = (time: number) => states.findLast(([at]) => at <= time)?.[1] ?? '';
    const animating = drawn
      .filter(([, end]) => ANIMATING.test(stateAt(end)))
      .map(([ms]) => ms)
      .sort((a, b) => a - b);
    console.log(
      `  ${game.route.padEnd(12)} ${String(animating.length).padStart(4)} animating frames: p50 ${pct(animating, 0.5).toFixed(1)} ms  p95 ${pct(animating, 0.95).toFixed(1)} ms`,
    );
  }
}

const FRAME_TIMES = `
  window.__frames = [];
  let last = 0;
  const tick = (now) => {
    if (last) window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

/** p50/p95 of the animation frames of `page` over `seconds`. */
async function frameTimes(page: Page, seconds: number): Promise<string> {
  await page.evaluate(FRAME_TIMES);
  await page.waitForTimeout(seconds * 1000);
  const frames = ((await page.evaluate('window.__frames')) as number[]).sort((a, b) => a - b);
  return `${String(frames.length).padStart(4)} frames: p50 ${pct(frames, 0.5).toFixed(1)} ms  p95 ${pct(frames, 0.95).toFixed(1)} ms`;
}

/**
 * What the same browser does without our scenes, as a floor for the figures above: a bare Pixi
 * application (the tables' settings) filling 390×844, empty and with one moving sprite, and the
 * DICE page with its canvas held still (the shell, the HUD and their CSS animations only).
 */
async function floor(browser: Browser, base: string, token: string) {
  const seconds = Math.max(2, FRAME_SECONDS / 2);
  for (const [label, withSprite] of [
    ['bare Pixi, empty', false],
    ['bare Pixi, 1 sprite', true],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await page.setContent('<body style="margin:0;background:#06241a"></body>');
    await page.addScriptTag({ path: join('node_modules', 'pixi.js', 'dist', 'pixi.min.js') });
    await page.evaluate(`(async () => {
      const app = new PIXI.Application();
      await app.init({ width: 390, height: 844, antialias: false, backgroundAlpha: 0, resolution: 1, preference: 'webgl' });
      document.body.appendChild(app.canvas);
      if (${withSprite}) {
        const sprite = new PIXI.Sprite(PIXI.Texture.WHITE);
        sprite.setSize(80, 80);
        sprite.tint = 0xf5c542;
        app.stage.addChild(sprite);
        app.ticker.add(() => sprite.position.set((sprite.x + 3) % 310, 380));
      }
    })()`);
    console.log(`  ${label.padEnd(26)} ${await frameTimes(page, seconds)}`);
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  // Pixi's global hook hands over each Application at init; its ticker is stopped once loaded.
  // The page draws the table itself here (no canvas handed to a worker), so the hook sees it.
  await page.addInitScript(
    'window.__apps = []; globalThis.__PIXI_APP_INIT__ = (app) => window.__apps.push(app); delete HTMLCanvasElement.prototype.transferControlToOffscreen;',
  );
  await page.goto(`${base}/dice`);
  await page.getByTestId('game-loading').waitFor({ state: 'hidden', timeout: 120_000 });
  await page.evaluate('for (const app of window.__apps) if (app.ticker) app.ticker.stop()');
  console.log(`  ${'/dice, canvas held still'.padEnd(26)} ${await frameTimes(page, seconds)}`);
  await page.close();
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main() {
  // Short shared rounds (as the end-to-end tests use), so a measurement sees several spins.
  const { server, stop } = await serveBuiltClient((config) => {
    config.games.double = { bettingMs: 5000, rollingMs: 7000, completeMs: 1000 };
    config.games.luckycolor = { bettingMs: 5000, rollingMs: 8000, completeMs: 0 };
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
  });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const { token } = await fundedHttpPlayer(server.port, 0, 0);
    console.log(`Trevo client bench: headless Chromium (SwiftShader), 390×844, DPR 1`);
    if (PARTS.includes('bytes')) {
      console.log('Bytes (gzip, as requested by the browser)');
      await bytes(browser, base, token);
    }
    if (PARTS.includes('frames')) {
      console.log(`Frames while a scene animates (${FRAME_SECONDS} s per game); load average ${load()}`);
      await frames(browser, base, token);
    }
    if (PARTS.includes('floor')) {
      console.log(`Floor: the same browser without a scene animating; load average ${load()}`);
      await floor(browser, base, token);
    }
    console.log(`Load average at the end ${load()} on ${cpus().length} cores`);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
