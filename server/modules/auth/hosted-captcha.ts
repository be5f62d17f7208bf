import { z } from 'zod';
import type { CaptchaConfig } from '../../infra/config';
import { badRequest } from '../../infra/http/errors';

/**
 * A hosted challenge (Cloudflare Turnstile or hCaptcha), verified server-side: the browser's token
 * is sent with Trevo's secret to the provider's siteverify endpoint, which answers whether a person
 * solved it, for which site, and spends the token (each is good once). Both providers document the
 * same form-encoded request (`secret`, `response`, `remoteip`) and JSON answer (`success`,
 * `hostname`, `error-codes`). A provider that does not answer within the timeout refuses the call
 * rather than letting it through: a registration waits, the site is not opened to scripts.
 */

type Hosted = Extract<CaptchaConfig, { provider: 'turnstile' | 'hcaptcha' }>;

export const HOSTED_CAPTCHA_TIMEOUT_MS = 5000;

/** The provider did not answer, or answered something that is not a verdict. */
export class CaptchaProviderDown extends Error {}

const answerSchema = z.object({
  success: z.boolean(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Tokens are long opaque strings; anything else is not worth a round trip. */
const TOKEN = /^[\w.:-]{10,4096}$/;

export async function verifyHostedCaptcha(
  captcha: Hosted,
  token: string,
  remoteIp: string,
  expectedHostname: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (!TOKEN.test(token)) throw badRequest('captchaWrong');
  let answer: z.infer<typeof answerSchema>;
  try {
    const response = await fetchImpl(captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: captcha.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(HOSTED_CAPTCHA_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = answerSchema.parse(await response.json());
  } catch (cause) {
    throw new CaptchaProviderDown(`${captcha.provider} siteverify failed`, { cause });
  }
  if (!answer.success) throw badRequest('captchaWrong');
  // A token solved on another site that shares the key (or a test key) is not ours.
  if (answer.hostname !== undefined && answer.hostname !== expectedHostname) throw badRequest('captchaWrong');
}
