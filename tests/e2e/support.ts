import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { envelope } from './operator-support';

/**
 * Shared steps of the end-to-end specs. The server runs with TREVO_CAPTCHA_FIXED='abcd'
 * (playwright.config.ts), so every captcha answer is 'abcd'.
 */

export const CAPTCHA = 'abcd';
export const PASSWORD = 'Trevo#Forte2026';

/** A random CPF with valid check digits (registration refuses any other). */
export function makeCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** An e-mail no earlier run has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Collects console errors and uncaught exceptions of the page, with the page's address. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The mail outbox of `email`, newest first. */
export async function mailbox(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

/** Waits for a mail newer than the `before` first ones and returns its 6-digit code. */
export async function nextMailCode(
  request: APIRequestContext,
  email: string,
  before: number,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await mailbox(request, email);
      if (mails.length <= before) return '';
      code = /\b(\d{6})\b/.exec(mails[0]!.text)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Registers through the panel and waits until the player is in. */
export async function registerInUi(page: Page, player: { email: string; cpf: string; name?: string }) {
  await page.getByTestId('header-register').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await page.getByTestId('register-name').fill(player.name ?? 'Ana Teste');
  await page.getByTestId('register-cpf').fill(player.cpf);
  await page.getByTestId('register-email').fill(player.email);
  await page.getByTestId('register-phone').fill('11987654321');
  await page.getByTestId('register-birthdate').fill('1990-05-17');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-password-confirm').fill(PASSWORD);
  await page.getByTestId('register-captcha-input').fill(CAPTCHA);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByTestId('auth-panel')).toBeHidden();
}

/** Spec 4: registration opens the first-deposit offer; this closes it. */
export async function closeFirstDepositOffer(page: Page) {
  await expect(page.getByTestId('offer-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('offer-panel')).toBeHidden();
}

/** Fills and sends the login form; the panel must be open. */
export async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha-input').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByTestId('auth-panel')).toBeHidden();
}

/** Logs out from the user menu; spec 4: home, with the login panel open. */
export async function logOut(page: Page) {
  await page.getByTestId('header-avatar').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

/** Opens an entry of the user menu. */
export async function openMenu(page: Page, item: string) {
  await page.getByTestId('header-avatar').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.getByTestId(item).click();
}

export interface ApiPlayer {
  token: string;
  email: string;
  cpf: string;
}

/** Registers a player through the API and returns its session. */
export async function registerPlayer(
  request: APIRequestContext,
  prefix = 'e2e',
  extra: Record<string, string> = {},
): Promise<ApiPlayer> {
  const codeId = String(Math.floor(Math.random() * 100_000_000));
  expect((await request.get(`/api/auth/user/captcha/${codeId}`)).ok()).toBe(true);
  const email = uniqueEmail(prefix);
  const cpf = makeCpf();
  const response = await request.post('/api/auth/user/restRegister', {
    data: {
      name: 'Rota Teste',
      cardNo: cpf,
      username: email,
      country: '+55',
      pwd: PASSWORD,
      pwd1: PASSWORD,
      codeId,
      captCode: CAPTCHA,
      ...extra,
    },
  });
  const body = (await response.json()) as { status: number; data: { access_token: string } };
  expect(body.status).toBe(200);
  return { token: body.data.access_token, email, cpf };
}

/** Opens the app as `player` (the token is in storage before the first script runs). */
export async function useSession(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** The envelope of a JSON answer. */
interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  options: { data?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const response = await request[method](url, {
    headers: { Authorization: `Bearer ${token}`, ...options.headers },
    ...(options.data !== undefined ? { data: options.data } : {}),
    ...(options.form ? { form: options.form } : {}),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.status, `${url}: ${body.message}`).toBe(200);
  return body;
}

/**
 * Gives an API player R$ 100 of cash the way a player gets it: identity, a PIX order for the
 * R$ 100 package, the sandbox bank paying it; returns when the order is paid.
 */
export async function fundPlayer(request: APIRequestContext, player: ApiPlayer): Promise<void> {
  await call(request, player.token, 'post', '/api/app/user/updateKyc', {
    data: { name: 'Rota Teste', cardNo: player.cpf },
  });
  const prices = await call<{ pkgId: string; price: number }[]>(
    request,
    player.token,
    'get',
    '/api/app/order/getPrices?curreny=BRL',
  );
  const pkg = prices.data.find((p) => p.price === 100)!;
  const order = await call<{ orderId: string; url: string }>(
    request,
    player.token,
    'post',
    `/api/app/order/prePay/${pkg.pkgId}`,
    {
      form: { gift: '0', pkgId: pkg.pkgId, isapp: '0' },
      headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    },
  );
  const txid = order.data.url.split('/').pop()!;
  expect((await request.post(`/sandbox-psp/charges/${txid}/pay`, { data: {} })).ok()).toBe(true);
  await expect
    .poll(async () => {
      const status = await call<{ status: string }>(
        request,
        player.token,
        'get',
        `/api/app/order/getStatus/${order.data.orderId}`,
      );
      return status.data.status;
    })
    .toBe('10');
}

/** A player's cash balance, from the server. */
export async function cashOf(request: APIRequestContext, token: string): Promise<number> {
  const body = await call<{ balance: number }>(request, token, 'get', '/api/app/user/getBalance');
  return body.data.balance;
}

/**
 * What a player can stake, cash and bonus together (`freeBalance`): a bonus turning into cash once
 * it is wagered (decision 92) moves money between the two and leaves this unchanged.
 */
export async function freeOf(request: APIRequestContext, token: string): Promise<number> {
  const body = await call<{ freeBalance: number }>(request, token, 'get', '/api/app/user/getBalance');
  return body.data.freeBalance;
}

/** Deposits `times` × R$ 1.000 through the sandbox bank, as a player does. */
export async function depositThousands(request: APIRequestContext, player: ApiPlayer, times: number) {
  const auth = { Authorization: `Bearer ${player.token}` };
  await envelope(
    await request.post('/api/app/user/updateKyc', {
      headers: auth,
      data: { name: 'Rota Teste', cardNo: player.cpf },
    }),
  );
  const prices = await envelope<Array<{ pkgId: string; price: number }>>(
    await request.get('/api/app/order/getPrices?curreny=BRL', { headers: auth }),
  );
  const pkg = prices.find((p) => p.price === 1000)!;
  for (let i = 0; i < times; i++) {
    const order = await envelope<{ orderId: string; url: string }>(
      await request.post(`/api/app/order/prePay/${pkg.pkgId}`, {
        headers: { ...auth, 'Idempotency-Key': `adm-${Date.now()}-${i}` },
        form: { gift: '0', pkgId: pkg.pkgId, isapp: '0' },
      }),
    );
    const txid = order.url.split('/').pop()!;
    expect((await request.post(`/sandbox-psp/charges/${txid}/pay`, { data: {} })).ok()).toBe(true);
    await expect
      .poll(async () => {
        const s = await envelope<{ status: string }>(
          await request.get(`/api/app/order/getStatus/${order.orderId}`, { headers: auth }),
        );
        return s.status;
      })
      .toBe('10');
  }
}
