import { randomInt } from 'node:crypto';
import { storeCaptcha, takeCaptcha } from './auth.repository';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../infra/http/errors';
import { sameDigest, sha256Hex } from '../../infra/security/tokens';
import { CaptchaProviderDown, verifyHostedCaptcha } from './hosted-captcha';

export { captchaPng } from './captcha-art';

/** Answers are single-use and expire after 2 minutes (API.md). */
const CAPTCHA_TTL_MS = 2 * 60_000;
/** No look-alikes (0/o, 1/l/i, 9/g) so a player is not failed by the font. */
export const CAPTCHA_ALPHABET = 'abcdefhkmnprstuvwxyz2345678';
export const CAPTCHA_LENGTH = 4;

const normalise = (answer: string) => answer.trim().toLowerCase();

/** Issues a new answer for `codeId` (replacing any earlier one) and returns it. */
export async function issueCaptcha(ctx: AppContext, codeId: string): Promise<string> {
  let answer = ctx.config.captchaFixed ?? '';
  if (!answer)
    for (let i = 0; i < CAPTCHA_LENGTH; i++)
      answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  await storeCaptcha(ctx.db, {
    codeId,
    answerHash: sha256Hex(normalise(answer)),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  return answer;
}

/**
 * Proves the caller is a person, once: with the local picture, consumes the answer bound to
 * `codeId` (deleted whether right or wrong, in the statement that reads it, so each image allows
 * exactly one try however many calls race); with a hosted challenge, `answer` is the provider's
 * token, verified and spent by the provider. Throws 400 on a missing, expired or wrong answer, 503
 * when the provider does not answer.
 */
export async function consumeCaptcha(
  ctx: AppContext,
  codeId: string,
  answer: string,
  remoteIp: string,
): Promise<void> {
  const { captcha } = ctx.config;
  if (captcha.provider !== 'local') {
    try {
      await verifyHostedCaptcha(captcha, answer, remoteIp, new URL(ctx.config.publicUrl).hostname);
    } catch (error) {
      if (!(error instanceof CaptchaProviderDown)) throw error;
      ctx.log.warn({ err: error.cause }, error.message);
      throw new AppError(503, 'serviceUnavailable');
    }
    return;
  }
  const row = await takeCaptcha(ctx.db, codeId);
  if (!row) throw badRequest('captchaWrong');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw badRequest('captchaExpired');
  if (!sameDigest(row.answer_hash, sha256Hex(normalise(answer)))) throw badRequest('captchaWrong');
}
