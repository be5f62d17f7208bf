import type { FastifyBaseLogger } from 'fastify';
import type { UserInfo } from '../../domain/schemas/user.schema';
import type { Config } from '../infra/config';
import type { Db } from '../infra/db/connection';
import type { RateLimiter } from '../infra/security/rate-limit';
import type { Mailer } from './mail';
import type { Realtime } from './realtime';
import type { PspAdapter } from './psp';
import type { AppError } from '../infra/http/errors';

/**
 * The player's profile as spec section 3 defines it, built by the users module (which reads the
 * wallet, offers and referrals) and handed down here so announcements need not import it.
 */
export interface ProfileReader {
  userInfo(userId: number): Promise<UserInfo>;
}

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
  profile: ProfileReader;
  /**
   * Hears every refusal a player is answered (the error handler's and a money call's recorded one),
   * after the refused work rolled back: the responsible-gaming queue counts limit hits from here.
   */
  refused: (err: AppError) => void;
}
