import {
  captchaProviderSchema,
  type CaptchaProvider,
  type LoginPayload,
  type RegisterPayload,
  sessionTokenSchema,
} from '../../domain/schemas/auth.schema';
import { apiGet, apiPost } from './api-client';

/** Calls of the account's front door (spec 7, API.md "Account and site"). */

/** Spec 9: a captcha id is a random integer below 100,000,000. */
export function newCaptchaId(): number {
  return Math.floor(Math.random() * 100_000_000);
}

/**
 * The captcha image for `codeId`. Each answer is single-use, so asking again issues a new one;
 * `nonce` only makes the browser fetch the image again instead of reusing the cached one.
 */
export function captchaUrl(codeId: number, nonce = 0): string {
  return `/api/auth/user/captcha/${codeId}${nonce ? `?t=${nonce}` : ''}`;
}

let provider: Promise<CaptchaProvider> | undefined;

/**
 * Which challenge the forms show (Trevo's picture or a hosted widget), asked once per page load;
 * if the call fails, the picture, which the server then explains if it is not the one in use.
 */
export function fetchCaptchaProvider(): Promise<CaptchaProvider> {
  provider ??= apiGet<unknown>('/api/auth/user/captchaProvider', { loading: false }, { silent: true })
    .then((body) => captchaProviderSchema.parse(body.data))
    .catch(() => {
      provider = undefined;
      return { provider: 'local', siteKey: null } as const;
    });
  return provider;
}

/** Forgets the cached answer (tests: a worker's files share this module). */
export function resetCaptchaProvider(): void {
  provider = undefined;
}

/** Logs in and returns the session token. */
export async function login(payload: LoginPayload): Promise<string> {
  const body = await apiPost<unknown>('/api/auth/user/restLogin', payload);
  return sessionTokenSchema.parse(body.data).access_token;
}

/** Creates the account and returns its first session token. */
export async function register(payload: RegisterPayload): Promise<string> {
  const body = await apiPost<unknown>('/api/auth/user/restRegister', payload);
  return sessionTokenSchema.parse(body.data).access_token;
}

/**
 * Ends the session of `token` on the server. The token is named because the page has already
 * forgotten it: a call queued behind this one must not carry a session the server is ending.
 */
export async function logout(token: string): Promise<void> {
  await apiPost<null>('/api/auth/user/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
}

/** Exchanges the one-time code of a `/zgo{code}` link for a session token. */
export async function exchangeHandoff(code: string): Promise<string> {
  const body = await apiPost<unknown>('/api/auth/user/handoff', { code });
  return sessionTokenSchema.parse(body.data).access_token;
}
