import { defineConfig, devices } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * built client included, on a fresh PGlite folder. `scripts/test.ts` builds the client first.
 */
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = `.tmp/e2e-data-${Date.now()}`;

/**
 * The operator configuration of the e2e server. DOUBLE's and LUCKYCOLOR's betting windows last two
 * minutes: a journey bets, then closes the round through the rounds' test control
 * (`POST /dev/rounds/:game/close`, TREVO_TEST_CLOCK) rather than waiting for it, and no round
 * closes under a journey by itself. Rolling keeps the length of the tables' animations (DOUBLE's
 * reel about 6 s, LUCKYCOLOR's draw about 7 s), which the journeys watch.
 */
const configPath = '.tmp/e2e-config.json';
const operatorConfig = JSON.parse(readFileSync('config/default.json', 'utf8'));
operatorConfig.games.double = { bettingMs: 120_000, rollingMs: 7000, completeMs: 1000 };
operatorConfig.games.luckycolor = { bettingMs: 120_000, rollingMs: 8000, completeMs: 0 };
// A chain of 20,000 rounds outlasts a run (about 30 of each game); the default million took the
// server's first start 3–4 s of hashing before the journeys could begin.
operatorConfig.games.chainLength = 20_000;
// The journeys' large withdrawals test approvals; the identity-document gate (issue 19) has its own tests.
operatorConfig.withdraw.documentsAbove = 1_000_000;
mkdirSync('.tmp', { recursive: true });
writeFileSync(configPath, JSON.stringify(operatorConfig, null, 2));

const SPORTS_JOURNEYS = [
  '**/sports.spec.ts',
  '**/admin.spec.ts',
  '**/admin-results.spec.ts',
  '**/admin-prizes.spec.ts',
  '**/admin-boosts.spec.ts',
  '**/site.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Both cores are busy for the whole run (two browsers with software WebGL and the server): a
  // journey's steps take longer than on an idle machine, so its limit has room.
  timeout: 120_000,
  // ... and a lazily loaded page can take more than the default 5 s to appear beside the route
  // sweeps (share page seen at 5+ s in a green run's neighbour): assertions wait up to 10 s.
  expect: { timeout: 10_000 },
  // Three browsers on two cores: the journeys wait on the server (rounds, sockets, the sandbox
  // bank) for much of their time, and a third worker fills those waits (55 journeys: 6.4 min with
  // two workers, 5.7 with three, on this machine).
  workers: 3,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // WebGL on SwiftShader (the tables draw as on a device without a usable GPU), but the page
      // composited in software: SwiftShader compositing doubled the GPU process's work, and a game
      // table at rest cost 1.75 cores instead of 0.7 (measured with ps over 20 s on /dice).
      args: [
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-gpu-compositing',
        '--disable-background-networking',
      ],
    },
    trace: 'off',
    // The site honours reduced motion (no marquee, no wiggling offer button): with software
    // rendering those two CSS animations alone kept 1.5 of the machine's 2 cores busy on every
    // page left open, slowing the other workers' journeys as well. routes.spec.ts asks for motion
    // back to check both ways.
    reducedMotion: 'reduce',
  },
  projects: [
    // Shared state the journeys need before they run in parallel: the operator's authenticator.
    { name: 'setup', testMatch: 'operator.setup.ts' },
    // The journeys that move the sportsbook's clock (or bet on its prices) run one at a time, so
    // no match starts or ends under another; the other workers run the rest meanwhile. Listed
    // first, so they start at once instead of queueing behind the rest.
    {
      name: 'sports',
      use: { ...devices['Desktop Chrome'] },
      testMatch: SPORTS_JOURNEYS,
      workers: 1,
      dependencies: ['setup'],
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: SPORTS_JOURNEYS,
      // Each journey registers its own players, so the tests of one file need not wait for each
      // other: games.spec.ts alone (ten journeys, 4.5 min end to end) had set the run's length.
      fullyParallel: true,
      dependencies: ['setup'],
    },
  ],
  webServer: {
    command: 'tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The server's warnings and errors (TREVO_LOG_LEVEL below) land in the run's output: a failed
    // journey in CI then shows what the server saw.
    stdout: 'pipe',
    env: {
      PORT: String(port),
      TREVO_DATA_DIR: dataDir,
      TREVO_CONFIG: configPath,
      TREVO_CAPTCHA_FIXED: 'abcd',
      // Passwords hashed at the least argon2id cost: tests only, refused in production.
      TREVO_PASSWORD_COST: 'test',
      TREVO_CSID: 'chat-e2e#trevo_suporte',
      TREVO_LOG_LEVEL: 'warn',
      // A helper's own client build (`vite build --outDir .tmp/dist-x`), so a run never rewrites dist/.
      TREVO_STATIC_DIR: process.env.TREVO_STATIC_DIR ?? 'dist',
      // The wallet journey deposits and withdraws at once (issue 3), with a quick sandbox bank.
      TREVO_TURNOVER_MAIN: '0',
      TREVO_SANDBOX_WEBHOOK_DELAY_MS: '300',
      TREVO_SANDBOX_PAYOUT_DELAY_MS: '1000',
      TREVO_PAYOUT_INTERVAL_MS: '500',
      // The sportsbook journey (issue 6) watches football matches start and settle within a test.
      SPORTS_FEED_SPEED: '240',
      // ... and plays matches out on the sportsbook's test clock instead of waiting for them
      // (POST /dev/sports/clock; tests only, refused in production).
      TREVO_TEST_CLOCK: '1',
      // Answers are checked against the routes' declared contracts (platform/contract.ts).
      TREVO_CHECK_RESPONSES: '1',
      // The operator console journey (issue 8) signs in as this operator, enrolling TOTP as production requires.
      TREVO_OPERATOR_USERNAME: 'operador',
      TREVO_OPERATOR_PASSWORD: 'Operador#E2e2026',
      TREVO_OPERATOR_TOTP: 'required',
    },
  },
});
