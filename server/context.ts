import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { RateLimiter } from './security/rate-limit';
import type { Mailer } from './modules/mail/mail.service';
import type { Realtime } from './modules/realtime/realtime';
import type { PspAdapter } from './modules/payments/psp';

/** What every module needs, built once per app (tests build one per file). */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'postgres' | 'pglite';
  limiter: RateLimiter;
  mailer: Mailer;
  realtime: Realtime;
  psp: PspAdapter;
  log: FastifyBaseLogger;
}
