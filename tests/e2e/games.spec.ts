import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { cashOf, fundPlayer, registerPlayer, useSession, watchConsole, type ApiPlayer } from './support';

/**
 * Every game against the real server in Chromium (SwiftShader WebGL): a funded player opens the
 * game, plays one round, the balance shown equals the server's, and the table is photographed at
 * a phone and a desktop size (test artefacts: `<game>-390x844.png`, `<game>-1280x800.png`, and the
 * narrowest phone, `<game>-360x740.png`).
 *
 * To add a game, add one entry to GAMES with its route and how to play one round; the shared
 * steps (funding, loading, balance check, screenshots) stay the same.
 */
/** Tables draw with software WebGL here; on a busy machine a step takes longer than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

interface GameCase {
  gameType: string;
  route: string;
  /** Plays one round to its end (the root's data-state is the machine's state). */
  playRound(page: Page): Promise<void>;
  /** The table stands still at rest with reduced motion (not the live round tables). */
  stillAtRest?: boolean;
}

/**
 * A shared-round game (DOUBLE, LUCKYCOLOR): bets on `pick` in the open round, then closes the
 * round through the rounds' test control (`POST /dev/rounds/:game/close`, TREVO_TEST_CLOCK only)
 * instead of waiting out its window; the e2e server's windows last two minutes
 * (playwright.config.ts), so no round closes under a journey by itself. The roll still plays at
 * its own length: that is the table's animation the journey watches until the bet settles.
 */
async function playSharedRound(page: Page, gameType: string, key: string, pick: string) {
  const root = page.getByTestId(`game-${gameType}`);
  await page.getByTestId('bet-amount').fill('1,00');
  await page.getByTestId(`pick-${pick}`).click();
  await expect(page.getByTestId(`pick-${pick}`)).toHaveAttribute('aria-pressed', 'true');
  // Right after the previous viewport's round, the next opens once that round completes.
  await expect(root).toHaveAttribute('data-state', 'round.betting', { timeout: 30_000 });
  const rows = page.getByTestId('round-bets').locator('li');
  await page.getByTestId('bet-button').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-outcome', 'open');
  const closed = await page.request.post(`/dev/rounds/${key}/close`);
  expect(closed.ok()).toBe(true);
  await expect(root).toHaveAttribute('data-state', /^round\.(closed|rolling|showing)$/);
  await expect(rows.first()).toHaveAttribute('data-outcome', /^(win|loss)$/);
  await expect(root).toHaveAttribute('data-state', /^round\.(complete|betting)$/);
}

/** A phone, a desktop, and the narrowest phone the table must still fit. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

const GAMES: GameCase[] = [
  {
    gameType: 'dice',
    stillAtRest: true,
    route: '/dice',
    async playRound(page) {
      const root = page.getByTestId('game-dice');
      await page.getByTestId('bet-amount').fill('1,00');
      await page.getByTestId('bet-button').click();
      await expect(root).toHaveAttribute('data-state', /^round\.(placing|playing)$/);
      await expect(root).toHaveAttribute('data-state', 'round.settled', { timeout: 15_000 });
      await expect(page.getByTestId('bet-button')).toBeEnabled();
    },
  },
  {
    gameType: 'limbo',
    stillAtRest: true,
    route: '/limbo',
    async playRound(page) {
      const root = page.getByTestId('game-limbo');
      await page.getByTestId('bet-amount').fill('1,00');
      await page.getByTestId('limbo-target').fill('1,50');
      await expect(page.getByTestId('limbo-chance')).toHaveValue('66,00');
      await page.getByTestId('bet-button').click();
      await expect(root).toHaveAttribute('data-state', /^round\.(placing|playing)$/);
      await expect(root).toHaveAttribute('data-state', 'round.settled', { timeout: 15_000 });
      await expect(page.getByTestId('bet-button')).toBeEnabled();
    },
  },
  {
    gameType: 'rowDouble',
    stillAtRest: true,
    route: '/rowDouble',
    async playRound(page) {
      const root = page.getByTestId('game-rowDouble');
      await page.getByTestId('bet-amount').fill('1,00');
      await page.getByTestId('pick-black').click();
      await expect(page.getByTestId('pick-black')).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('bet-button').click();
      await expect(root).toHaveAttribute('data-state', /^round\.(placing|playing|showing)$/);
      await expect(root).toHaveAttribute('data-state', 'round.settled', { timeout: 15_000 });
      await expect(page.getByTestId('bet-button')).toBeEnabled();
    },
  },
  {
    gameType: 'double',
    route: '/double',
    playRound: (page) => playSharedRound(page, 'double', 'double', 'black'),
  },
  {
    gameType: 'luckyColor',
    route: '/luckyColor',
    playRound: (page) => playSharedRound(page, 'luckyColor', 'luckycolor', 'big'),
  },
  {
    gameType: 'mines',
    stillAtRest: true,
    route: '/mines',
    async playRound(page) {
      const root = page.getByTestId('game-mines');
      await page.getByTestId('bet-amount').fill('1,00');
      await page.getByTestId('mines-count').selectOption('1');
      // The board is random: a mine ends the game, so play again until one gem is cashed out.
      for (let attempt = 0; attempt < 10; attempt++) {
        await page.getByTestId('bet-button').click();
        await expect(page.getByTestId('pick-random')).toBeEnabled({ timeout: 15_000 });
        await page.getByTestId('pick-random').click();
        const cashOut = page.getByTestId('cash-out');
        await expect(
          cashOut.and(page.locator(':enabled')).or(root.and(page.locator('[data-state="round.busted"]'))),
        ).toBeVisible({ timeout: 15_000 });
        if (await cashOut.isVisible()) {
          await expect(cashOut).toContainText('R$');
          await cashOut.click();
          await expect(root).toHaveAttribute('data-state', 'round.settled', { timeout: 15_000 });
          return;
        }
      }
      throw new Error('no gem in 10 games of 1 mine');
    },
  },
];

/** Waits until the game's chunk, Pixi, sounds and scene are loaded. */
async function openTable(page: Page, game: GameCase) {
  const root = page.getByTestId(`game-${game.gameType}`);
  await expect(root).toBeVisible();
  await expect(root).not.toHaveAttribute('data-state', 'loading', { timeout: 60_000 });
  await expect(page.getByTestId('game-loading')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('game-canvas').locator('canvas')).toBeVisible();
}

/**
 * Closes what the shell may open by itself for a player without money (the first-deposit offer,
 * the deposit sheet), so the table can be clicked.
 */
async function closeOffers(page: Page) {
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 3 && (await page.locator('.modal-backdrop').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await expect(page.locator('.modal-backdrop')).toHaveCount(0);
  }
}

/**
 * The run asks for reduced motion (playwright.config.ts): a table at rest then holds its ambient
 * motion (LIMBO's stars and rocket, a gem's glint), so two pictures of its canvas a second apart
 * are the same; the stage draws only when something changes (frame-rate.ts).
 */
async function expectStillAtRest(page: Page) {
  const canvas = page.getByTestId('game-canvas').locator('canvas');
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // The sticky header (its offer countdown ticks every second) may still cover the canvas' top.
  const picture = () => canvas.screenshot({ mask: [page.locator('header')] });
  await expect
    .poll(
      async () => {
        const first = await picture();
        await page.waitForTimeout(1000);
        return first.equals(await picture());
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** The balance on the table equals the server's cash balance. */
async function expectServerBalance(page: Page, player: ApiPlayer, request: Parameters<typeof cashOf>[0]) {
  const server = await cashOf(request, player.token);
  await expect(page.getByTestId('balance')).toHaveAttribute('data-value', String(server));
  return server;
}

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  // Let the last animation, CSS transitions (a button turning enabled) and fonts settle first.
  await page.waitForTimeout(400);
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length),
    )
    .toBe(0);
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const game of GAMES) {
  test(`${game.gameType}: a funded player plays a round; the balance shown is the server's`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const player = await registerPlayer(request, `game-${game.gameType}`);
    await fundPlayer(request, player);
    await useSession(page, player.token);

    let before = await cashOf(request, player.token);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      if (viewport === VIEWPORTS[0]) await page.goto(game.route);
      await openTable(page, game);
      if (game.gameType === 'mines' && viewport.width < 900) {
        // Issue 18, item 16: on a phone the board's stage is square and as wide as the table.
        const stage = (await page.locator('.game--mines .game__stage').boundingBox())!;
        expect(Math.abs(stage.height - stage.width)).toBeLessThanOrEqual(1);
        expect(stage.width).toBeGreaterThan(viewport.width * 0.8);
      }
      await game.playRound(page);
      const after = await expectServerBalance(page, player, request);
      expect(after).not.toBe(before);
      before = after;
      await photograph(page, testInfo, `${game.gameType}-${viewport.width}x${viewport.height}.png`);
      if (game.stillAtRest && viewport === VIEWPORTS.at(-1)) await expectStillAtRest(page);
    }
    expect(errors).toEqual([]);
  });
}

test('a player goes from table to table by the footer: no table logs a warning, during a round or once left', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Warnings too: Pixi warned "[BindGroup] a 'textureSource' was destroyed while still bound"
  // during LIMBO's rounds and for every table left (issue 18, item 15; toolkit/gradients.ts).
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  });
  page.on('pageerror', (error) => logged.push(error.message));
  const player = await registerPlayer(request, 'game-switch');
  await fundPlayer(request, player);
  await useSession(page, player.token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dice');
  // DICE, LIMBO and MINES draw gradients; the last leg leaves MINES for DICE again.
  const tour = ['dice', 'limbo', 'mines', 'dice'].map((type) => GAMES.find((g) => g.gameType === type)!);
  for (const [i, game] of tour.entries()) {
    if (i > 0) {
      const link = page.getByTestId(`footer-game-${game.gameType}`);
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await openTable(page, game);
    if (i < tour.length - 1) await game.playRound(page);
  }
  expect(logged.filter((text) => /PixiJS|BindGroup/.test(text))).toEqual([]);
});

test('dice auto-bet plays the number of bets asked for against the server, then stops', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const player = await registerPlayer(request, 'game-auto');
  await fundPlayer(request, player);
  await useSession(page, player.token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dice');
  await openTable(page, GAMES[0]!);
  await page.getByTestId('turbo-toggle').check();
  await page.getByTestId('mode-auto').click();
  await page.getByTestId('auto-count').fill('3');
  await page.getByTestId('bet-button').click();
  await expect(page.getByTestId('auto-stopped')).toHaveText(
    'Automático concluído: todas as apostas feitas.',
    {
      timeout: 60_000,
    },
  );
  await expect(page.getByTestId('recent-bets').locator('tbody tr')).toHaveCount(3);
  await expectServerBalance(page, player, request);
  await photograph(page, testInfo, 'dice-auto-1280x800.png');
  expect(errors).toEqual([]);
});

test('a bet above the balance (9999) opens the game deposit dialog and changes nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const player = await registerPlayer(request, 'game-broke');
  await useSession(page, player.token);
  await page.goto('/dice');
  await openTable(page, GAMES[0]!);
  await closeOffers(page);
  await page.getByTestId('bet-amount').fill('5,00');
  await page.getByTestId('bet-button').click();
  await expect(page.getByTestId('game-deposit-panel')).toBeVisible();
  await expect(page.getByTestId('game-dice')).toHaveAttribute('data-state', 'failed');
  expect(await cashOf(request, player.token)).toBe(0);
  expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
});

test('?round=win replays a recorded DICE round without betting, and ?tune opens the tuning panel', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const player = await registerPlayer(request, 'game-replay');
  await useSession(page, player.token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dice?round=win&tune');
  const root = page.getByTestId('game-dice');
  await openTable(page, GAMES[0]!);
  await expect(page.getByTestId('round-replay')).toBeVisible();
  await expect(root).toHaveAttribute('data-state', 'round.settled', { timeout: 30_000 });
  // The recorded answer: R$ 10 over 50.50 rolled 77.18, balance R$ 110 — and the server saw no bet.
  await expect(page.getByTestId('balance')).toHaveAttribute('data-value', '110');
  expect(await cashOf(request, player.token)).toBe(0);
  await expect(page.getByTestId('tune-panel')).toContainText('rollMs');
  await photograph(page, testInfo, 'dice-replay-tune-1280x800.png');
  expect(errors).toEqual([]);
});

test('the first page loads no game code and no Pixi, and breaks no rule of its security policy', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // A refused eval or inline script is reported as a policy violation, not as a console error
  // (Zod's eval probe was one on every page until index.html set it jitless).
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(
        `${e.violatedDirective} ${e.sourceFile}`,
      ),
    );
  });
  await page.goto('/home');
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /dice-game|pixi|Geometry|RenderTarget/i.test(url))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('a table draws in a worker: the page opens no WebGL context and reads no canvas back; without a worker canvas the page draws; without WebGL it says so and offers a retry', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Each context opened and each canvas read back makes the page's thread wait for the GPU
  // process: on software WebGL, seconds of a phone's page that cannot answer a tap (issue 18).
  // Where the browser can hand a canvas to a worker, Pixi runs there (stage.worker.ts); elsewhere
  // the page draws, with one extra context for Pixi's shader-precision probe.
  await page.addInitScript(() => {
    const seen = { contexts: 0, readBacks: 0, webgl: true };
    (window as unknown as { gpu: typeof seen }).gpu = seen;
    const mode = sessionStorage.getItem('stage-mode');
    if (mode) delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    if (mode === 'no-webgl') seen.webgl = false;
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
      if (String(args[0]).startsWith('webgl')) {
        if (!seen.webgl) return null;
        seen.contexts += 1;
      }
      return (getContext as (...a: unknown[]) => RenderingContext | null).apply(this, args);
    } as typeof getContext;
    const getImageData = CanvasRenderingContext2D.prototype.getImageData;
    CanvasRenderingContext2D.prototype.getImageData = function (
      this: CanvasRenderingContext2D,
      ...args: Parameters<typeof getImageData>
    ) {
      seen.readBacks += 1;
      return getImageData.apply(this, args);
    };
  });
  const player = await registerPlayer(request, 'game-gpu');
  await fundPlayer(request, player);
  await useSession(page, player.token);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/dice');
  await openTable(page, GAMES[0]!);
  expect(await page.evaluate(() => (window as unknown as { gpu: object }).gpu)).toEqual({
    contexts: 0,
    readBacks: 0,
    webgl: true,
  });
  expect(workers.filter((url) => url.includes('stage.worker'))).toHaveLength(1);

  await page.evaluate(() => sessionStorage.setItem('stage-mode', 'page'));
  await page.reload();
  await openTable(page, GAMES[0]!);
  expect(await page.evaluate(() => (window as unknown as { gpu: object }).gpu)).toEqual({
    contexts: 2,
    readBacks: 0,
    webgl: true,
  });
  await GAMES[0]!.playRound(page);

  await page.evaluate(() => sessionStorage.setItem('stage-mode', 'no-webgl'));
  await page.reload();
  await expect(page.getByTestId('game-load-failed')).toContainText('Não foi possível abrir a mesa.');
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(page.getByTestId('bet-button')).toBeDisabled();
});

test('a table whose scene fails to load says so and offers a retry that opens it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await registerPlayer(request, 'game-scene-lost');
  await useSession(page, player.token);
  // The scene's chunk is lost once on the way (a weak connection): the worker that loads it must
  // tell the page, which otherwise kept its loading bar up for good.
  let lost = 0;
  await page
    .context()
    .route(/\/assets\/dice\.scene-[^/]+\.js$/, (route) => (lost++ === 0 ? route.abort() : route.continue()));
  await page.goto('/dice');
  await expect(page.getByTestId('game-load-failed')).toContainText('Não foi possível abrir a mesa.', {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await openTable(page, GAMES[0]!);
  expect(lost).toBeGreaterThanOrEqual(2);
});

test('a table at rest stays at rest while the pointer moves over its controls, and wakes on the table', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await registerPlayer(request, 'game-rest');
  await useSession(page, player.token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dice');
  await openTable(page, GAMES[0]!);
  await closeOffers(page);
  const worker = page.workers().find((w) => w.url().includes('stage.worker'))!;
  // Frames the stage draws (Pixi clears the canvas once a frame).
  await worker.evaluate(() => {
    const scope = self as unknown as { frames: number };
    scope.frames = 0;
    const clear = WebGL2RenderingContext.prototype.clear;
    WebGL2RenderingContext.prototype.clear = function (this: WebGL2RenderingContext, mask: number) {
      scope.frames += 1;
      clear.call(this, mask);
    };
  });
  const frames = () => worker.evaluate(() => (self as unknown as { frames: number }).frames);
  const sweep = async (box: { x: number; y: number; width: number; height: number }) => {
    // Rest first (frame-rate.ts: REST_AFTER_MS), then two seconds of a pointer moving about.
    await page.waitForTimeout(2500);
    const before = await frames();
    for (let i = 0; i < 40; i++) {
      await page.mouse.move(box.x + box.width * ((i % 5) / 5 + 0.1), box.y + box.height / 2);
      await page.waitForTimeout(50);
    }
    return (await frames()) - before;
  };
  const overControls = await sweep((await page.getByTestId('bet-button').boundingBox())!);
  const overTable = await sweep((await page.getByTestId('game-canvas').boundingBox())!);
  // At rest with reduced motion the stage draws 2 frames a second (STILL_FPS); awake, every frame.
  expect(overControls).toBeLessThanOrEqual(12);
  expect(overTable).toBeGreaterThan(overControls * 2);
});
