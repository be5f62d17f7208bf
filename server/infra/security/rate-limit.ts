import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for throttling. In Redis when the site is scaled out, in the process
 * otherwise (one instance), never unenforced (ARCHITECTURE.md).
 */
export interface RateLimiter {
  /** Adds one to `key`'s counter in its current window and returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The current count of `key` without changing it. */
  peek(key: string): Promise<number>;
  /** Takes one back from `key`'s current window (an attempt spent ahead that did not fail). */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = () => Date.now()): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const t = now();
      const w = windows.get(key);
      if (!w || w.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + windowMs });
        return 1;
      }
      w.count += 1;
      return w.count;
    },
    async peek(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.resetAt > now() && w.count > 0) w.count -= 1;
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

/**
 * Counters in Redis, shared by every instance. While Redis cannot be reached, each instance counts
 * in its own memory instead (reliability.md AT-07): with N instances an attacker gets at most N
 * times the limit, never an unthrottled login, and no request fails for want of Redis.
 */
export function redisRateLimiter(redis: Redis, fallback: RateLimiter = memoryRateLimiter()): RateLimiter {
  // Not 'ready' (reconnecting): go straight to memory rather than queue behind the reconnection.
  const down = () => redis.status !== 'ready';
  return {
    async hit(key, windowMs) {
      if (down()) return fallback.hit(key, windowMs);
      try {
        const k = `trevo:rl:${key}`;
        const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
        // A transaction that failed resolves with each command's error, not a rejection.
        const [err, count] = results?.[0] ?? [new Error('redis transaction discarded'), 0];
        if (err) throw err;
        return Number(count);
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
    async peek(key) {
      if (down()) return fallback.peek(key);
      try {
        return Number((await redis.get(`trevo:rl:${key}`)) ?? 0);
      } catch {
        return fallback.peek(key);
      }
    },
    async release(key) {
      if (down()) return fallback.release(key);
      try {
        // Never below zero, never on a window that expired meanwhile.
        await redis.eval(
          "local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then redis.call('DECR', KEYS[1]) end",
          1,
          `trevo:rl:${key}`,
        );
      } catch {
        await fallback.release(key);
      }
    },
    close: () => fallback.close(),
  };
}
