import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * built client included, on a fresh PGlite folder. `scripts/test.ts` builds the client first.
 */
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = `.tmp/e2e-data-${Date.now()}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
    },
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      TREVO_DATA_DIR: dataDir,
      TREVO_CAPTCHA_FIXED: 'abcd',
      TREVO_CSID: 'chat-e2e#trevo_suporte',
      TREVO_LOG_LEVEL: 'warn',
      // The wallet journey deposits and withdraws at once (issue 3), with a quick sandbox bank.
      TREVO_TURNOVER_MAIN: '0',
      TREVO_SANDBOX_WEBHOOK_DELAY_MS: '300',
      TREVO_SANDBOX_PAYOUT_DELAY_MS: '1000',
      TREVO_PAYOUT_INTERVAL_MS: '500',
    },
  },
});
