import type { AppContext } from './context';
import { tooMany } from '../infra/http/errors';

/**
 * Per-address limits on the calls that check a secret (security.md "Throttles"). A code's own
 * attempt cap stops guessing one code; these stop one address from spreading guesses over many
 * codes or accounts. Each guess is counted before it is judged, so a concurrent burst is cut at
 * the limit; a right guess gives its count back, so only wrong guesses use the limit up.
 */
export const CODE_CHECKS = {
  /** `RESETPWD/checkEmail`: ten wrong codes a minute from one address, over every e-mail. */
  resetCodeIp: { max: 10, windowMs: 60_000 },
  /** Transfer codes: ten wrong codes a minute from one address, over every account. */
  transferIp: { max: 10, windowMs: 60_000 },
} as const;

export async function throttle(
  ctx: AppContext,
  key: string,
  limit: { max: number; windowMs: number },
): Promise<void> {
  if ((await ctx.limiter.hit(key, limit.windowMs)) > limit.max) throw tooMany();
}

/** Runs `guess` within the address's limit; a guess that finds its answer does not count. */
export async function throttledGuess<T>(
  ctx: AppContext,
  key: string,
  limit: { max: number; windowMs: number },
  guess: () => Promise<T | null>,
): Promise<T | null> {
  await throttle(ctx, key, limit);
  const found = await guess();
  if (found !== null) await ctx.limiter.release(key);
  return found;
}
