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
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
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
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, windowMs) {
      const k = `trevo:rl:${key}`;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    async peek(key) {
      return Number((await redis.get(`trevo:rl:${key}`)) ?? 0);
    },
    async close() {},
  };
}
