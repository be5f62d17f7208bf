import { allow, PUBLIC } from './platform/access';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import { relative, resolve, sep } from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from './infra/config';
import type { AppContext } from './platform/context';
import { installAccess, publicScope, type DeclaredRoute } from './platform/access';
import { installJsonBodies } from './platform/json-body';
import { installTextGuard } from './platform/text-guard';
import { migrate, openDb, type Db } from './infra/db/connection';
import { AppError } from './infra/http/errors';
import { isClientRoute } from './infra/http/client-routes';
import { langOf } from './infra/http/reply';
import { translate } from '../domain/messages';
import { memoryRateLimiter, redisRateLimiter } from './infra/security/rate-limit';
import { captchaHosts, installSecurityHeaders } from './infra/security/http-headers';
import { createMailer, deliverMail, smtpTransport } from './platform/mail';
import { createRealtime } from './platform/realtime';
import { resolveSession, stillLive } from './platform/sessions';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { userInfo } from './modules/users/users.service';
import { protectionRoutes } from './modules/protection/protection.routes';
import { endSessionsOverTime, LimitReached, recordLimitHit } from './modules/protection/protection.service';
import { guardPayoutOwner } from './modules/wallet/payout-owner';
import { PRIZE_MONITOR_INTERVAL_MS, watchPrizeDeadlines } from './modules/protection/prize-deadline';
import { announceTurnover } from './platform/announcer';
import { mainRoutes } from './modules/site/main.routes';
import { siteRoutes } from './modules/site/site.routes';
import { promoRoutes } from './modules/promo/promo.routes';
import { supportRoutes } from './modules/support/support.routes';
import { adminRoutes, ensureBootstrapOperator } from './modules/admin/admin.routes';
import { configRoutes } from './modules/admin/config.routes';
import { startConfigSync } from './modules/admin/config-overrides';
import { devRoutes } from './modules/site/dev.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { scanAlerts } from './modules/compliance/alerts.service';
import { apiDocsRoutes } from './modules/site/api-docs.routes';
import { installResponseCheck } from './platform/contract';
import { installRequestLog, loggerOptions } from './infra/logging';
import { healthSchema } from '../domain/schemas/site.schema';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { SandboxPsp } from './modules/payments/sandbox-psp';
import { sandboxRoutes } from './modules/payments/sandbox.routes';
import { checkoutRoutes } from './modules/payments/checkout.routes';
import { BcbPixAdapter } from './modules/payments/bcb-pix-adapter';
import { gamesRoutes } from './modules/games/games.routes';
import { seedGameSettings } from './modules/games/settings';
import { settleIdleMines } from './modules/games/mines.service';
import { cancelInterruptedRound, ROUND_GAMES, roundTick } from './modules/games/rounds.service';
import { leasedLoop } from './infra/jobs/lease';
import { createSports } from './modules/sports/sports.module';
import { sportsRoutes } from './modules/sports/sports.routes';
import { sportsLoops } from './modules/sports/jobs';
import { installWatchHandlers } from './modules/sports/live';
import { processPayouts } from './modules/wallet/payout.processor';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the configuration. */
  db?: { db: Db; kind: 'postgres' | 'pglite' };
  /** How often sockets are checked against their sessions. */
  socketSweepMs?: number;
  /** Background loops (payouts); tests turn them off and drive them by hand. */
  jobs?: boolean;
  /** The sportsbook's clock instead of Date.now (tests drive the simulated feed with it). */
  sportsClock?: () => number;
  /** How often operators' configuration changes made through other instances are looked for. */
  configPollMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route with its access declaration (the route-table test reads it). */
    routeTable: DeclaredRoute[];
  }
}

/**
 * Errors that mean the database cannot be reached: the client should retry, not give up. Besides
 * the codes, node-postgres reports a connection cut in the middle of a request by message only
 * ("Connection terminated unexpectedly", a client "not queryable" after its connection broke).
 */
function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  const code = e.code ?? '';
  if (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
    ].includes(code)
  )
    return true;
  if (/Connection terminated|not queryable|Client was closed/i.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseDown(e.cause);
}

/**
 * Builds the whole server (API, socket, static client) without listening, so tests drive it with
 * `inject` and `main.ts` only adds `listen` and signals.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  // Operators' configuration changes replace sections of `file`: each app gets its own `file`.
  const config: Config = { ...options.config, file: { ...options.config.file } };
  const app = Fastify({
    logger: loggerOptions(config),
    // Fastify's own two records per request are replaced by one, when asked (installRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // X-Forwarded-For only from the proxies the operator names (TREVO_TRUST_PROXY; off by default).
    // (Typed as boolean only to pick Fastify's HTTP/1 overload; a count or a list pass through.)
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'] & boolean,
    // Start-up work (migrations, the sports feed's first schedule, a new hash chain) shares the
    // event loop with plugin loading; on a busy 2-core machine the default 10 s was seen to expire.
    pluginTimeout: 60_000,
    // A path the router cannot decode (`%zz`) or a parameter longer than the router keeps answers
    // the envelope in the request's language, like every other refusal, not Fastify's own body.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const plain = reply as unknown as FastifyReply;
      void plain.code(status).send({ status, message: translate('badUrl', langOf(request)), data: null });
    },
  });

  // First of the hooks, so CORS preflights are answered before any guard asks for a token.
  const securityHeaders = installSecurityHeaders(app, {
    corsOrigins: config.corsOrigins,
    staticDir: config.staticDir,
    widgetHosts: captchaHosts(config.captcha.provider),
  });

  const opened = options.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(opened.db);

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (config.redisUrl) {
    const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    // Redis going away must not end the process (reliability.md AT-07): connection errors are
    // logged, and the publishes socket.io's adapter fires without awaiting are caught here (the
    // event misses other instances' sockets; rate limits fall back to memory meanwhile).
    for (const client of [pub, sub]) client.on('error', (err) => app.log.warn({ err }, 'redis unavailable'));
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    pub.publish = ((...args: unknown[]) => {
      const sent = publish(...args);
      sent.catch((err) => app.log.warn({ err }, 'redis publish failed'));
      return sent;
    }) as typeof pub.publish;
    redis = { pub, sub };
  }

  const ctx = {
    config,
    db: opened.db,
    dbKind: opened.kind,
    limiter: redis ? redisRateLimiter(redis.pub) : memoryRateLimiter(),
    mailer: createMailer(opened.db),
    log: app.log,
  } as AppContext;
  // The profile is the users module's to build; announcements below the features reach it here.
  ctx.profile = { userInfo: (userId) => userInfo(ctx, userId) };
  // A refusal by one of the player's own limits is recorded on its own, after the refused work
  // rolled back (the responsible-gaming queue counts them).
  ctx.refused = (err) => {
    if (err instanceof LimitReached)
      recordLimitHit(ctx.db, err).catch((e: unknown) => app.log.warn({ err: e }, 'limit hit not recorded'));
  };
  // Operators' changes to the configuration file, over it, before anything reads it.
  const configSync = await startConfigSync(ctx, options.configPollMs);
  ctx.realtime = createRealtime(app.server, {
    authenticate: (token) => resolveSession(ctx, token, 'player'),
    stillLive: (ids) => stillLive(ctx, ids),
    redis,
    sweepMs: options.socketSweepMs,
    log: app.log,
    // A fresh socket learns the turnover left at once, not only after the next bet.
    onConnect: (userId) => announceTurnover(ctx, userId),
    allowedOrigins: [new URL(config.publicUrl).origin, ...config.corsOrigins],
    responseHeaders: securityHeaders,
  });
  const sandbox =
    config.psp.kind === 'sandbox'
      ? new SandboxPsp({
          db: opened.db,
          secret: config.pspWebhookSecret,
          publicUrl: config.publicUrl,
          // Read on every charge: operators may change them from the console.
          get merchantName() {
            return config.file.deposit.merchantName;
          },
          get merchantCity() {
            return config.file.deposit.merchantCity;
          },
          webhookDelayMs: config.sandboxWebhookDelayMs,
          payoutDelayMs: config.sandboxPayoutDelayMs,
          // The sandbox posts its webhook through Trevo's own HTTP route, signature and all.
          deliver: async (body, headers) => {
            const res = await app.inject({
              method: 'POST',
              url: '/api/webhooks/pix',
              headers,
              payload: body,
            });
            if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
          },
          log: app.log,
        })
      : undefined;
  ctx.psp = guardPayoutOwner(
    ctx,
    sandbox ??
      new BcbPixAdapter({
        ...(config.psp as Extract<Config['psp'], { kind: 'bcb-pix' }>),
        webhookSecret: config.pspWebhookSecret,
        checkoutPath: (txid) => `/pix/checkout/${txid}`,
      }),
  );
  app.decorate('ctx', ctx);
  const sports = await createSports(ctx, { clock: options.sportsClock });
  installWatchHandlers(ctx, sports);
  app.decorate('sports', sports);

  // With SMTP, queued mail is delivered by a leased loop; without it the outbox is the dev mailbox.
  const mailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined;
  const loops =
    options.jobs === false
      ? []
      : [
          leasedLoop(opened.db, 'payouts', config.payoutIntervalMs, () => processPayouts(ctx), app.log),
          ...(mailTransport
            ? [
                leasedLoop(
                  opened.db,
                  'mail',
                  2_000,
                  async () => void (await deliverMail(opened.db, mailTransport)),
                  app.log,
                ),
              ]
            : []),
          leasedLoop(opened.db, 'mines-idle', 30_000, async () => void (await settleIdleMines(ctx)), app.log),
          leasedLoop(
            opened.db,
            'prize-deadlines',
            PRIZE_MONITOR_INTERVAL_MS,
            async () => void (await watchPrizeDeadlines(ctx)),
            app.log,
          ),
          leasedLoop(
            opened.db,
            'compliance-scan',
            config.file.compliance.scanSeconds * 1000,
            async () => void (await scanAlerts(ctx)),
            app.log,
          ),
          leasedLoop(
            opened.db,
            'session-limits',
            60_000,
            async () => void (await endSessionsOverTime(ctx)),
            app.log,
          ),
          ...ROUND_GAMES.map((game) =>
            leasedLoop(
              opened.db,
              `rounds-${game}`,
              250,
              () => roundTick(ctx, game),
              app.log,
              () => cancelInterruptedRound(ctx, game),
            ),
          ),
          ...sportsLoops(ctx, sports).map((loop) =>
            leasedLoop(opened.db, loop.name, loop.intervalMs, loop.tick, app.log),
          ),
        ];

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Who may call each route is declared on it and checked from the matched route (platform/access.ts).
  app.decorate('routeTable', installAccess(app, ctx));
  // What a route answers, where declared, is checked against its contract in the test runs.
  if (config.checkResponses) installResponseCheck(app);
  installRequestLog(app, config);
  // Close sockets before the HTTP server, or shutdown waits for a pending long-poll (~25 s).
  app.addHook('preClose', async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    await configSync.stop();
    sandbox?.close();
    await ctx.realtime.close();
  });
  app.addHook('onClose', async () => {
    await ctx.limiter.close();
    if (redis) {
      redis.pub.disconnect();
      redis.sub.disconnect();
    }
    await ctx.db.destroy();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    if (error instanceof AppError) {
      ctx.refused(error);
      return reply.code(error.httpStatus).send({
        status: error.bodyStatus,
        message: translate(error.key, lang, error.params),
        data: error.data,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: 413, message: translate('bodyTooLarge', lang), data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ status: error.statusCode, message: translate('invalidInput', lang), data: null });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .send({ status: 503, message: translate('serviceUnavailable', lang), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 500, message: translate('internal', lang), data: null });
  });

  // Answers over 1 kB leave compressed for a client that accepts it (a day's football fixtures:
  // 27 kB of JSON, 2.5 kB sent; Lighthouse counted it). Brotli at quality 4 costs about gzip's
  // time for smaller output; bets and balances stay under the threshold and are sent as they are.
  // The built files keep their own .br/.gz (an answer with an encoding is left alone). BREACH needs
  // credentials the browser adds by itself: sessions here are bearer tokens, never cookies.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody);
  installJsonBodies(app);
  installTextGuard(app);

  app.get('/api/health', allow(PUBLIC, { response: healthSchema }), async () => {
    await ctx.db.selectFrom('users').select('id').limit(1).execute();
    return { status: 200, message: 'ok', data: { db: ctx.dbKind } };
  });

  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => usersRoutes(scope, ctx));
  await app.register(async (scope) => protectionRoutes(scope, ctx));
  await app.register(async (scope) => mainRoutes(scope, ctx));
  await app.register(async (scope) => siteRoutes(scope, ctx));
  await app.register(async (scope) => promoRoutes(scope, ctx));
  await app.register(async (scope) => supportRoutes(scope, ctx));
  await app.register(async (scope) => adminRoutes(scope, ctx));
  await app.register(async (scope) => complianceRoutes(scope, ctx));
  await app.register(async (scope) => configRoutes(scope, ctx, configSync));
  await app.register(async (scope) => walletRoutes(scope, ctx));
  await app.register(async (scope) => gamesRoutes(scope, ctx));
  await app.register(async (scope) => sportsRoutes(scope, ctx, sports, { timers: options.jobs !== false }));
  if (sandbox) await app.register(async (scope) => sandboxRoutes(scope, sandbox));
  await app.register(async (scope) => checkoutRoutes(scope, ctx));
  if (!config.production) await app.register(async (scope) => devRoutes(scope, ctx));
  if (config.apiDocs) await app.register(async (scope) => apiDocsRoutes(scope, () => app.routeTable));

  const staticRoot = resolve(config.staticDir);
  const hasClient = existsSync(resolve(staticRoot, 'index.html'));
  if (hasClient) {
    // Not encapsulated (fastify-plugin): `reply.sendFile` must reach the 404 handler below; the
    // file routes it adds are declared public, and nothing is registered after them.
    await app.register(
      fp(async (scope) => {
        publicScope(scope);
        // The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): they
        // are sent to a browser that accepts them, with Vary: Accept-Encoding.
        await scope.register(fastifyStatic, {
          root: staticRoot,
          wildcard: false,
          index: false,
          preCompressed: true,
          // Built assets carry their content's hash in their name: a browser keeps them for a
          // year and never asks again; index.html and the service worker are checked each time.
          setHeaders(res, filePath) {
            // The file's place under the root, not the whole path: a server folder such as
            // /srv/assets/trevo/dist must not make index.html immutable.
            if (relative(staticRoot, filePath).split(sep)[0] === 'assets')
              res.header('cache-control', 'public, max-age=31536000, immutable');
          },
        });
      }),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasClient && isClientRoute(request.method, request.url)) {
      // Client routes (/home, /y{yqm}, …) are decided by the browser's router.
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, message: translate('notFound', langOf(request)), data: null });
  });

  await ensureBootstrapOperator(ctx);
  await seedGameSettings(ctx);
  return app;
}
