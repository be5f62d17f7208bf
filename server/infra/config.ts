import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEVELOPMENT_SECRET_KEY, parseSecretKey } from './security/secret-box';

/**
 * Configuration from environment variables (API.md "Configuration"), validated once at start-up so a
 * typo stops the process with a clear message instead of running with a wrong setting.
 */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: `npm start` on a laptop is not a public server. A deployment
  // behind a proxy or in a container sets HOST=0.0.0.0 itself (docs/operations.md).
  HOST: z.string().default('127.0.0.1'),
  TREVO_DATA_DIR: z.string().default('./data'),
  /** Identity documents players send (issue 19): outside the database; default `<TREVO_DATA_DIR>/kyc`. */
  TREVO_KYC_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  TREVO_PROFILE: z.enum(['seed', 'br-regulated']).default('seed'),
  // Whose PIX key a withdrawal may go to: the player's own CPF (or registered CNPJ) by default;
  // `any` lets a player name another person's key, and is refused by the br-regulated profile.
  TREVO_WITHDRAW_KEYS: z.enum(['own', 'any']).default('own'),
  TREVO_CONFIG: z.string().default('config/default.json'),
  TREVO_CSID: z
    .string()
    .regex(
      /^[^#]*#[^#]*$/,
      "TREVO_CSID must look like chatId#telegram: Trevo's chat id, '#', then the Telegram user without @ (e.g. trevo#trevo_suporte; 'trevo#' for the chat alone, '#' for no support entry)",
    )
    .optional(),
  TREVO_OPERATOR_USERNAME: z.string().min(3).max(64).optional(),
  TREVO_OPERATOR_PASSWORD: z.string().min(8).max(64).optional(),
  TREVO_OPERATOR_TOTP: z.enum(['required', 'optional']).optional(),
  TREVO_CAPTCHA_FIXED: z.string().min(1).max(16).optional(),
  TREVO_TEST_CLOCK: z.enum(['0', '1']).default('0'),
  TREVO_CHECK_RESPONSES: z.enum(['0', '1']).default('0'),
  TREVO_API_DOCS: z.enum(['on', 'off']).default('on'),
  TREVO_CAPTCHA: z.enum(['local', 'turnstile', 'hcaptcha']).default('local'),
  TREVO_PASSWORD_COST: z.enum(['owasp', 'test']).default('owasp'),
  TREVO_CAPTCHA_SITE_KEY: z.string().min(1).max(200).optional(),
  TREVO_CAPTCHA_SECRET: z.string().min(1).max(200).optional(),
  TREVO_CAPTCHA_VERIFY_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  TREVO_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TREVO_LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TREVO_LOG_REQUESTS: z.enum(['0', '1']).default('0'),
  TREVO_ALLOW_SANDBOX: z.enum(['0', '1']).default('0'),
  TREVO_PSP: z.enum(['sandbox', 'bcb-pix']).default('sandbox'),
  TREVO_PSP_URL: z.string().url().optional(),
  TREVO_PSP_CLIENT_ID: z.string().min(1).optional(),
  TREVO_PSP_CLIENT_SECRET: z.string().min(1).optional(),
  TREVO_PSP_PIX_KEY: z.string().min(1).max(77).optional(),
  TREVO_PSP_WEBHOOK_SECRET: z.string().min(16).optional(),
  // At most 25 s: a charge takes two calls (the token, the charge), and a deposit's claim on its
  // idempotency key lasts 60 s (platform/idempotency.ts), so a twin never prepares beside it.
  TREVO_PSP_TIMEOUT_MS: z.coerce.number().int().min(100).max(25_000).default(10_000),
  TREVO_SECRET_KEY: z.string().min(1).optional(),
  TREVO_SPORTS_FEED: z.enum(['simulated']).default('simulated'),
  SPORTS_FEED_SEED: z.string().min(1).max(128).optional(),
  SPORTS_FEED_SPEED: z.coerce.number().min(0.01).max(1000).default(1),
  TREVO_STATIC_DIR: z.string().default('dist'),
  TREVO_PUBLIC_URL: z.string().url().optional(),
  TREVO_CORS_ORIGINS: z.string().default(''),
  TREVO_TRUST_PROXY: z.string().default('off'),
  TREVO_TURNOVER_MAIN: z.coerce.number().min(0).max(100).optional(),
  TREVO_TURNOVER_BONUS: z.coerce.number().min(0).max(100).optional(),
  TREVO_PAYOUT_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  TREVO_SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  TREVO_SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(1500),
});

const roundTimingSchema = z.object({
  bettingMs: z.number().int().min(1000),
  rollingMs: z.number().int().min(0),
  completeMs: z.number().int().min(0),
});

const SPORT_KEY = z.enum([
  'football',
  'basketball',
  'tennis',
  'boxing',
  'snooker',
  'baseball',
  'volleyball',
  'badminton',
  'american_football',
  'table_tennis',
  'cricket',
  'motor_racing',
]);
const marginSchema = z.object({
  margin: z.number().min(0).max(0.3),
  method: z.enum(['proportional', 'power', 'shin']),
});
/** Margins of three-way markets (1X2, European handicap) and two-way ones (lines, odd/even). */
const bookMarginsSchema = z.object({ threeWay: marginSchema, twoWay: marginSchema });
const marginPoints = z.number().min(0).max(0.2);
/**
 * The base margins per shape and phase, and the points each market group and competition tier
 * adds to them (domain/sports/book-margins.ts, decision 80).
 */
const marginPlanSchema = z.object({
  preMatch: bookMarginsSchema,
  live: bookMarginsSchema,
  // A plan saved before groups and tiers existed (an operator's override) keeps its flat prices.
  groups: z
    .object({ main: marginPoints, secondary: marginPoints, niche: marginPoints })
    .default({ main: 0, secondary: 0, niche: 0 }),
  tiers: z
    .object({ '1': marginPoints, '2': marginPoints, '3': marginPoints })
    .default({ '1': 0, '2': 0, '3': 0 }),
});

/** The sportsbook's limits, margins, live delays and windows (design/sports.md). */
const sportsFileSchema = z.object({
  /** Stake bounds per bet, BRL. */
  minStake: z.number().positive(),
  maxStake: z.number().positive(),
  /** At most this many legs in a parlay ("múltipla"). */
  maxLegs: z.number().int().min(1).max(50),
  /** A parlay's combined odds may not exceed this. */
  maxCombinedOdds: z.number().min(1.01),
  /** Largest payout of one bet and of the bets a player places in one day (São Paulo), BRL. */
  maxPayoutPerBet: z.number().positive(),
  maxPayoutPerDay: z.number().positive(),
  margins: marginPlanSchema,
  /** Seconds a live bet waits before acceptance (3–10 s by sport, research §3.6); scaled by the feed speed. */
  liveDelaySeconds: z.record(SPORT_KEY, z.number().min(0).max(60)),
  /** Hours (at most two weeks) a postponed or interrupted fixture may still be played before its bets are void (research §1.10). */
  windowHours: z.record(SPORT_KEY, z.number().positive().max(336)),
  /** Share of a bet's fair cash-out value kept by the house (domain/sports/cashout.ts, decision 52). */
  cashoutMargin: z.number().min(0).max(0.5),
  /** Smallest part of a bet that may be cashed out, BRL (never more than the whole value). */
  cashoutMinPartial: z.number().min(0.01).max(1000).default(1),
  /**
   * Pagamento Antecipado: the football competitions (as the feed names them) whose Resultado Final
   * singles are paid as won as soon as the chosen team goes two goals ahead.
   */
  earlyPayout: z.array(z.string().min(1).max(80)).max(200).default([]),
  /**
   * Criar Aposta (domain/sports/builder.ts): the margin on a builder's joint chance (plus the
   * competition tier's points of `margins.tiers`) and the most selections one builder takes.
   */
  builder: z
    .object({ margin: z.number().min(0).max(0.5), maxLegs: z.number().int().min(2).max(12) })
    .default({ margin: 0.1, maxLegs: 6 }),
});

/** An operator text per language key (`pt_BR` required; a missing language falls back to `en_US`, then `pt_BR`). */
const localizedSchema = z
  .record(z.string().regex(/^[a-z]{2}_[A-Z]{2}$/), z.string().min(1).max(400))
  .refine((texts) => typeof texts.pt_BR === 'string', 'needs a pt_BR text');
/** An art file of public/ (e.g. `/promo/banner-dice.svg`) or an internal link (`/vip`). */
const sitePathSchema = z.string().regex(/^\/[A-Za-z0-9_./?=&-]{0,120}$/);

/** Banners, promotions, sponsors, the promo gift, referral commission and agent rewards (issue 7). */
const promotionsFileSchema = z.object({
  banners: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]{1,32}$/),
      title: localizedSchema,
      subtitle: localizedSchema,
      link: sitePathSchema,
      art: sitePathSchema,
      /**
       * The offer a banner advertises: it shows only while the caller may still take it (`gift`:
       * a visitor, or a player who has not received the welcome gift), never after.
       */
      offer: z.enum(['gift']).optional(),
    }),
  ),
  list: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]{1,32}$/),
      title: localizedSchema,
      text: localizedSchema,
      link: sitePathSchema,
      art: sitePathSchema,
    }),
  ),
  sponsors: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]{1,32}$/),
      name: z.string().min(1).max(60),
      text: localizedSchema,
      art: sitePathSchema,
    }),
  ),
  /** The promo gift a player receives once on home (`userGift`), to the bonus wallet; 0 turns it off. */
  gift: z.object({
    id: z.string().regex(/^[a-z0-9-]{1,32}$/),
    amount: z.number().min(0).max(10_000),
  }),
  /** Commission on invitees' wagers, as a fraction, for levels 1, 2 and 3 (`Lucros` on /share). */
  referralCommission: z.tuple([
    z.number().min(0).max(0.05),
    z.number().min(0).max(0.05),
    z.number().min(0).max(0.05),
  ]),
  /** Agent rewards (/agentJl): a reward once enough direct invitees made a first deposit of at least `minFirstDeposit`. */
  agent: z.object({
    minFirstDeposit: z.number().min(0),
    levels: z
      .array(
        z.object({
          level: z.number().int().min(1).max(50),
          invitees: z.number().int().min(1),
          reward: z.number().positive().max(100_000),
        }),
      )
      .min(1),
  }),
});

/** Operator configuration file (packages, VIP table, limits); later issues add sections. */
/**
 * The operator's legal data shown in the footer (research/brazil.md §4.8, §5.4): razão social, CNPJ,
 * the SPA authorisation, address, SAC and Ouvidoria. Required by the `br-regulated` profile.
 */
const legalSchema = z.object({
  company: z.string().min(1).max(200),
  cnpj: z.string().regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'CNPJ as 00.000.000/0000-00'),
  authorization: z.string().min(1).max(200),
  address: z.string().min(1).max(300),
  sac: z.string().min(1).max(200),
  ouvidoria: z.string().min(1).max(200),
});
export type LegalData = z.infer<typeof legalSchema>;

/** Limits applied at sign-up when the player sets none (`br-regulated` requires loss and time). */
const signupLimitsSchema = z
  .object({
    /** BRL per day. */
    loss: z.number().positive().max(1_000_000),
    /** Minutes per day. */
    session: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  })
  .default({ loss: 500, session: 240 });

export const fileSchema = z.object({
  site: z.object({
    name: z.string(),
    apiKey: z.string(),
    legal: legalSchema.optional(),
    /** What the chat promises until there are enough real answers to measure (minutes). */
    support: z.object({ replyMinutes: z.number().int().min(1).max(1440) }).default({ replyMinutes: 15 }),
  }),
  signupLimits: signupLimitsSchema,
  vip: z
    .array(
      z.object({
        level: z.number().int().min(0),
        depositSum: z.number().min(0),
        wagerSum: z.number().min(0),
        upgradeAward: z.number().min(0),
        withdrawalsPerDay: z.number().int().min(0),
        withdrawalLimitPerDay: z.number().min(0),
      }),
    )
    .min(1),
  /** Price packages per `curreny` variant (spec 3; payments.md): BRL in whole reais. */
  packages: z.partialRecord(
    z.enum(['BRL', 'BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY', 'EXTPAY']),
    z.array(
      z.object({
        pkgId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
        price: z.number().positive(),
        gift: z.number().min(0),
        sort: z.number().int(),
      }),
    ),
  ),
  deposit: z.object({
    minAmount: z.number().positive(),
    maxAmount: z.number().positive(),
    /** A PIX charge must be paid within this many seconds (spec 9: 30 minutes). */
    chargeTtlSeconds: z.number().int().min(60),
    merchantName: z.string().min(1).max(25),
    merchantCity: z.string().min(1).max(15),
  }),
  withdraw: z.object({
    /** Smallest withdrawal in BRL (spec 9: 50). */
    minAmount: z.number().positive(),
    /** The largest amount the withdraw screen advertises (spec 9: R$10000). */
    displayMax: z.number().positive(),
    /** Fee as a fraction of the amount, deducted from what is paid out. */
    serviceFee: z.number().min(0).max(0.5),
    /** BRL per USDT for the TRC20 estimate. */
    usdtRate: z.number().positive(),
    /** Withdrawals above this many BRL wait for an operator's approval. */
    approvalThreshold: z.number().positive(),
    /** ... and above this many BRL for two different operators' approvals (issue 19). */
    secondApprovalThreshold: z.number().positive().default(20_000),
    /** Withdrawals above this many BRL need the player's identity documents approved (issue 19). */
    documentsAbove: z.number().positive().default(5_000),
  }),
  /** Multiples of deposits (main) and bonuses that must be wagered before cash can be withdrawn. */
  turnover: z.object({ main: z.number().min(0), bonus: z.number().min(0) }),
  /** How long the first-deposit offer stays open after sign-up, and the second after the first deposit. */
  offers: z.object({
    firstDepositHours: z.number().min(0),
    secondDepositHours: z.number().min(0),
    /** Deposit discount granted at sign-up: extra bonus as a fraction of each deposit, for `hours`. */
    payDiscount: z.object({ discount: z.number().min(0).max(1), hours: z.number().min(0) }),
  }),
  /** Play money a demo account (getUserTest) starts with, in BRL. */
  demo: z.object({ balance: z.number().min(0) }),
  games: z.object({
    /** Per game: stopped or not, bet bounds and maximum payout (BRL), house edge (fraction). */
    settings: z.record(
      z.enum(['dice', 'limbo', 'mines', 'rowdouble', 'double', 'luckycolor']),
      z.object({
        stop: z.boolean(),
        minBet: z.number().positive(),
        maxBet: z.number().positive(),
        maxPayout: z.number().positive(),
        edge: z.number().min(0).max(0.15),
      }),
    ),
    /** Round phases in milliseconds: betting open, rolling (result shown), complete. */
    double: roundTimingSchema,
    luckycolor: roundTimingSchema,
    /** Rounds per published hash chain. */
    chainLength: z.number().int().min(100).max(10_000_000),
    /** A Mines game without a move for this long is settled by the server. */
    minesIdleMinutes: z.number().positive(),
  }),
  sports: sportsFileSchema,
  promotions: promotionsFileSchema,
  /** What raises an alert in the compliance queues (issue 19; docs/operations.md). Money in BRL. */
  compliance: z
    .object({
      /** A single deposit or withdrawal of at least this much (AML). */
      amlSingleAmount: z.number().positive(),
      /** Deposits within 24 h each under amlSingleAmount but together reaching it, at least this many. */
      splitCount: z.number().int().min(2).max(50),
      /** A withdrawal after deposits of at least this much in 7 days ... */
      inOutMinAmount: z.number().positive(),
      /** ... with stakes below this fraction of those deposits (money in and out, little play). */
      inOutPlayRatio: z.number().min(0).max(1),
      /** Accounts signing in from one address in 30 days, at least this many (loopback excluded). */
      sharedIpAccounts: z.number().int().min(2).max(1000),
      /** Deposits within 24 h, at least this many, while losing most of them (loss chasing). */
      chasingDeposits: z.number().int().min(2).max(100),
      /** Limits hit within 7 days, at least this many times. */
      limitHits: z.number().int().min(1).max(1000),
      /** A deposit within this many hours after a limit raise took effect. */
      raiseWindowHours: z.number().positive().max(720),
      /** How often the scan runs, in seconds. */
      scanSeconds: z.number().int().min(10).max(86_400),
    })
    .default({
      amlSingleAmount: 10_000,
      splitCount: 2,
      inOutMinAmount: 1_000,
      inOutPlayRatio: 0.3,
      sharedIpAccounts: 4,
      chasingDeposits: 4,
      limitHits: 3,
      raiseWindowHours: 24,
      scanSeconds: 300,
    }),
});
export type FileConfig = z.infer<typeof fileSchema>;
/** Each section's schema, so an operator's change to one section is validated exactly as at start. */
export const fileSectionSchemas = fileSchema.shape;

export interface Config {
  production: boolean;
  /** Which proxies' `X-Forwarded-For` is believed (TREVO_TRUST_PROXY); false: none. */
  trustProxy: false | number | string[];
  port: number;
  host: string;
  dataDir: string;
  /** Where identity documents are kept (a shared volume when several instances run). */
  kycDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  profile: 'seed' | 'br-regulated';
  /** Whose PIX key a withdrawal may go to (TREVO_WITHDRAW_KEYS): the player's own, or any. */
  withdrawKeys: 'own' | 'any';
  /** `chatId#telegram` (spec 6): an empty chat id turns the support chat off. */
  csid: string;
  operator?: { username: string; password: string };
  /**
   * Whether operators must enrol a TOTP second factor before signing in. Always `required` in
   * production; development and tests may leave it `optional` (an enrolled operator still needs it).
   */
  operatorTotp: 'required' | 'optional';
  captchaFixed?: string;
  /** Tests may move the sportsbook's clock forward (`POST /dev/sports/clock`); never in production. */
  testClock: boolean;
  /**
   * Every answer of a route that declares its response contract is checked against it before it
   * leaves (TREVO_CHECK_RESPONSES=1, set by the test runs): a mismatch is a 500 and a log line.
   */
  checkResponses: boolean;
  /** The API's OpenAPI document and its reader at /api/docs (TREVO_API_DOCS=off hides them). */
  apiDocs: boolean;
  /**
   * Who proves a visitor is a person: Trevo's own picture (`local`, the default) or a hosted
   * challenge verified server-side (TREVO_CAPTCHA=turnstile | hcaptcha, with its site key and secret).
   */
  captcha: CaptchaConfig;
  smtpUrl?: string;
  logLevel: string;
  /**
   * `pretty`: one human line per record (pino-pretty); `json`: one JSON object per line, for log
   * collectors (the default in production); `auto`: pretty on a terminal, JSON otherwise.
   */
  logFormat: 'pretty' | 'json' | 'auto';
  /** One line per answered request (method, path, status, milliseconds); off unless asked. */
  logRequests: boolean;
  staticDir: string;
  pspWebhookSecret: string;
  /** Seals secrets kept in the database (operators' TOTP seeds): TREVO_SECRET_KEY. */
  secretKey: Buffer;
  /** The payment provider: the embedded sandbox, or an API Pix PSP. */
  psp:
    | { kind: 'sandbox' }
    | {
        kind: 'bcb-pix';
        baseUrl: string;
        clientId: string;
        clientSecret: string;
        pixKey: string;
        /** How long one call to the PSP may take (TREVO_PSP_TIMEOUT_MS). */
        timeoutMs: number;
      };
  /** Where players reach the site; the sandbox PSP puts it in the BR Code location. */
  publicUrl: string;
  /** Other sites (exact origins) allowed to call the API and open sockets (CORS allow-list). */
  corsOrigins: string[];
  /** How long the sandbox PSP waits before sending its webhook (real PSPs: within 5 s). */
  sandboxWebhookDelayMs: number;
  /** How long the sandbox PSP takes to complete a payout. */
  sandboxPayoutDelayMs: number;
  /** How often the payout processor looks for work. */
  payoutIntervalMs: number;
  /** The sports feed adapter; the simulated one replays `seed` (random when absent) at `speed`. */
  sportsFeed: { kind: 'simulated'; seed?: string; speed: number };
  file: FileConfig;
  /** Session lifetimes (security.md): 30 minutes idle, 12 hours absolute. */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

export class ConfigError extends Error {}

/** The longest Mines idle window the `br-regulated` profile accepts, in minutes (see loadConfig). */
export const REGULATED_MINES_IDLE_MAX = 115;

/**
 * TREVO_CORS_ORIGINS: comma-separated exact origins (`https://admin.trevo.bet`). A wildcard or a
 * value with a path would widen the allow-list silently, so both stop the server.
 */
function parseOrigins(raw: string): string[] {
  const origins: string[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new ConfigError(`TREVO_CORS_ORIGINS: "${item}" is not an origin like https://admin.trevo.bet`);
    }
    origins.push(url.origin);
  }
  return origins;
}

/** Reads and validates the environment; throws ConfigError listing every problem. */
/**
 * TREVO_TRUST_PROXY: whether `X-Forwarded-For` is believed (trust issue, finding 4: trusted
 * unconditionally, a forged header gave every failed login a new address). `off` (the default):
 * the socket's address is the client's. A number: that many proxy hops in front of the server. A
 * comma-separated list of addresses or CIDR ranges: the proxies whose header is believed.
 */
function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'off' || v === 'false' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const items = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of items) {
    const [address, bits, ...rest] = item.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || rest.length > 0) {
      throw new ConfigError(
        `TREVO_TRUST_PROXY: "${item}" is not an address or CIDR range; expected off, a hop count (1) or addresses like 10.0.0.0/8,127.0.0.1`,
      );
    }
  }
  return items;
}

export type CaptchaConfig =
  | { provider: 'local' }
  | { provider: 'turnstile' | 'hcaptcha'; siteKey: string; secret: string; verifyUrl: string };

/** The providers' documented server-side verification endpoints. */
export const CAPTCHA_VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

function captchaConfig(e: z.infer<typeof envSchema>): CaptchaConfig {
  if (e.TREVO_CAPTCHA === 'local') return { provider: 'local' };
  if (!e.TREVO_CAPTCHA_SITE_KEY || !e.TREVO_CAPTCHA_SECRET) {
    throw new ConfigError(
      `TREVO_CAPTCHA=${e.TREVO_CAPTCHA} needs TREVO_CAPTCHA_SITE_KEY and TREVO_CAPTCHA_SECRET (from the provider's dashboard)`,
    );
  }
  return {
    provider: e.TREVO_CAPTCHA,
    siteKey: e.TREVO_CAPTCHA_SITE_KEY,
    secret: e.TREVO_CAPTCHA_SECRET,
    verifyUrl: e.TREVO_CAPTCHA_VERIFY_URL ?? CAPTCHA_VERIFY_URLS[e.TREVO_CAPTCHA],
  };
}

/** `csid` without TREVO_CSID: Trevo's own support chat, no Telegram contact. */
const DEFAULT_CSID = 'trevo#';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (e.TREVO_PROFILE === 'br-regulated' && e.TREVO_WITHDRAW_KEYS === 'any') {
    throw new ConfigError(
      "TREVO_WITHDRAW_KEYS=any is refused by TREVO_PROFILE=br-regulated: withdrawals go only to the player's own CPF",
    );
  }
  if (production && e.TREVO_CAPTCHA_FIXED) {
    throw new ConfigError('TREVO_CAPTCHA_FIXED is for tests only and is refused with NODE_ENV=production');
  }
  if (production && e.TREVO_TEST_CLOCK === '1') {
    throw new ConfigError('TREVO_TEST_CLOCK is for tests only and is refused with NODE_ENV=production');
  }
  // A local picture can be solved by a script that renders it (docs/security.md): a regulated
  // production site proves people with a hosted challenge.
  if (production && e.TREVO_PROFILE === 'br-regulated' && e.TREVO_CAPTCHA === 'local') {
    throw new ConfigError(
      'TREVO_PROFILE=br-regulated in production needs a hosted captcha: TREVO_CAPTCHA=turnstile or hcaptcha, with TREVO_CAPTCHA_SITE_KEY and TREVO_CAPTCHA_SECRET',
    );
  }
  if (production && e.TREVO_PASSWORD_COST === 'test') {
    throw new ConfigError(
      'TREVO_PASSWORD_COST=test is for tests only and is refused with NODE_ENV=production',
    );
  }
  if (production && e.TREVO_PSP === 'sandbox' && e.TREVO_ALLOW_SANDBOX !== '1') {
    throw new ConfigError('The sandbox PSP is refused with NODE_ENV=production unless TREVO_ALLOW_SANDBOX=1');
  }
  if ((e.TREVO_OPERATOR_USERNAME === undefined) !== (e.TREVO_OPERATOR_PASSWORD === undefined)) {
    throw new ConfigError('Set both TREVO_OPERATOR_USERNAME and TREVO_OPERATOR_PASSWORD, or neither');
  }
  const secretKey = e.TREVO_SECRET_KEY ? parseSecretKey(e.TREVO_SECRET_KEY) : DEVELOPMENT_SECRET_KEY;
  if (!secretKey) throw new ConfigError('TREVO_SECRET_KEY must be 32 bytes: 64 hex characters or base64');
  if (production && !e.TREVO_SECRET_KEY) {
    throw new ConfigError('NODE_ENV=production needs TREVO_SECRET_KEY (32 bytes, hex or base64)');
  }
  // Without a shared secret each instance would invent its own, and every webhook signed with the
  // PSP's would fail its signature: deposits then wait for the player's polling (issue 19, item 9).
  if (production && !e.TREVO_PSP_WEBHOOK_SECRET) {
    throw new ConfigError(
      'NODE_ENV=production needs TREVO_PSP_WEBHOOK_SECRET (at least 16 characters, the same on every instance and at the PSP)',
    );
  }
  if (production && e.TREVO_OPERATOR_TOTP === 'optional') {
    throw new ConfigError('TREVO_OPERATOR_TOTP=optional is refused with NODE_ENV=production');
  }
  if (
    e.TREVO_PSP === 'bcb-pix' &&
    !(e.TREVO_PSP_URL && e.TREVO_PSP_CLIENT_ID && e.TREVO_PSP_CLIENT_SECRET && e.TREVO_PSP_PIX_KEY)
  ) {
    throw new ConfigError(
      'TREVO_PSP=bcb-pix needs TREVO_PSP_URL, TREVO_PSP_CLIENT_ID, TREVO_PSP_CLIENT_SECRET and TREVO_PSP_PIX_KEY',
    );
  }
  const corsOrigins = parseOrigins(e.TREVO_CORS_ORIGINS);
  const trustProxy = parseTrustProxy(e.TREVO_TRUST_PROXY);
  let fileRaw: unknown;
  try {
    fileRaw = JSON.parse(readFileSync(e.TREVO_CONFIG, 'utf8'));
  } catch (err) {
    throw new ConfigError(`Cannot read TREVO_CONFIG ${e.TREVO_CONFIG}: ${(err as Error).message}`);
  }
  const file = fileSchema.safeParse(fileRaw);
  if (!file.success) {
    const lines = file.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid ${e.TREVO_CONFIG}:\n${lines.join('\n')}`);
  }
  if (e.TREVO_PROFILE === 'br-regulated' && !file.data.site.legal) {
    throw new ConfigError(
      `TREVO_PROFILE=br-regulated needs site.legal in ${e.TREVO_CONFIG} (company, cnpj, authorization, address, sac, ouvidoria)`,
    );
  }
  // Prizes are credited within 120 minutes of the end of the game session (Portaria SPA/MF
  // 615/2024): an idle Mines game is settled by a loop every 30 s whose lease passes to another
  // instance within 90 s, so the window leaves that margin.
  if (e.TREVO_PROFILE === 'br-regulated' && file.data.games.minesIdleMinutes > REGULATED_MINES_IDLE_MAX) {
    throw new ConfigError(
      `TREVO_PROFILE=br-regulated needs games.minesIdleMinutes ≤ ${REGULATED_MINES_IDLE_MAX} in ${e.TREVO_CONFIG}: an idle Mines game's prize must be credited within 120 minutes`,
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.TREVO_DATA_DIR,
    kycDir: e.TREVO_KYC_DIR ?? `${e.TREVO_DATA_DIR.replace(/\/$/, '')}/kyc`,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    profile: e.TREVO_PROFILE,
    withdrawKeys: e.TREVO_WITHDRAW_KEYS,
    // Trevo's own chat is on out of the box (chat id `trevo`, no Telegram); `#…` turns it off.
    csid: e.TREVO_CSID ?? DEFAULT_CSID,
    operator:
      e.TREVO_OPERATOR_USERNAME && e.TREVO_OPERATOR_PASSWORD
        ? { username: e.TREVO_OPERATOR_USERNAME, password: e.TREVO_OPERATOR_PASSWORD }
        : undefined,
    operatorTotp: e.TREVO_OPERATOR_TOTP ?? (production ? 'required' : 'optional'),
    captchaFixed: e.TREVO_CAPTCHA_FIXED,
    testClock: e.TREVO_TEST_CLOCK === '1',
    checkResponses: e.TREVO_CHECK_RESPONSES === '1',
    apiDocs: e.TREVO_API_DOCS === 'on',
    captcha: captchaConfig(e),
    smtpUrl: e.SMTP_URL,
    logLevel: e.TREVO_LOG_LEVEL,
    logFormat: e.TREVO_LOG_FORMAT ?? (production ? 'json' : 'auto'),
    logRequests: e.TREVO_LOG_REQUESTS === '1',
    staticDir: e.TREVO_STATIC_DIR,
    // A generated secret is fine for the embedded sandbox: it signs and checks in the same process.
    pspWebhookSecret: e.TREVO_PSP_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
    secretKey,
    psp:
      e.TREVO_PSP === 'bcb-pix'
        ? {
            kind: 'bcb-pix',
            baseUrl: e.TREVO_PSP_URL!,
            clientId: e.TREVO_PSP_CLIENT_ID!,
            clientSecret: e.TREVO_PSP_CLIENT_SECRET!,
            pixKey: e.TREVO_PSP_PIX_KEY!,
            timeoutMs: e.TREVO_PSP_TIMEOUT_MS,
          }
        : { kind: 'sandbox' },
    publicUrl: e.TREVO_PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    corsOrigins,
    trustProxy,
    sandboxWebhookDelayMs: e.TREVO_SANDBOX_WEBHOOK_DELAY_MS,
    sandboxPayoutDelayMs: e.TREVO_SANDBOX_PAYOUT_DELAY_MS,
    payoutIntervalMs: e.TREVO_PAYOUT_INTERVAL_MS,
    sportsFeed: { kind: e.TREVO_SPORTS_FEED, seed: e.SPORTS_FEED_SEED, speed: e.SPORTS_FEED_SPEED },
    file: {
      ...file.data,
      turnover: {
        main: e.TREVO_TURNOVER_MAIN ?? file.data.turnover.main,
        bonus: e.TREVO_TURNOVER_BONUS ?? file.data.turnover.bonus,
      },
    },
    sessionIdleMs: 30 * 60_000,
    sessionAbsoluteMs: 12 * 60 * 60_000,
    ...overrides,
  };
}
