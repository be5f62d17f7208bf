import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The account's whole front door against the real server: register, log out, log in, recover the
 * password through the mail outbox, log in with the new password. The server runs with
 * TREVO_CAPTCHA_FIXED='abcd' (playwright.config.ts), so every captcha answer is 'abcd'.
 */

const CAPTCHA = 'abcd';
const PASSWORD = 'Trevo#Forte2026';
const NEW_PASSWORD = 'Trevo#Nova2027!';

/** A random CPF with valid check digits (registration refuses any other). */
function makeCpf(): string {
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

/** Fails the test on any console error or uncaught exception in the page. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

async function mailbox(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha-input').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByTestId('auth-panel')).toBeHidden();
}

async function logOut(page: Page) {
  await page.getByTestId('header-avatar').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  // Spec 4: logging out opens the login panel.
  await expect(page.getByTestId('login-form')).toBeVisible();
}

test('register, log out, log in, recover the password by e-mail and log in with it', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  await page.goto('/home');
  await page.getByTestId('header-register').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await page.getByTestId('register-name').fill('Ana Teste');
  await page.getByTestId('register-cpf').fill(makeCpf());
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-phone').fill('11987654321');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-password-confirm').fill(PASSWORD);
  await page.getByTestId('register-captcha-input').fill(CAPTCHA);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByTestId('auth-panel')).toBeHidden();
  await expect(page.getByTestId('header-balance')).toContainText('R$');

  await page.getByTestId('header-avatar').click();
  await expect(page.getByTestId('user-menu-email')).toHaveText(email);
  await expect(page.getByTestId('user-menu')).toContainText('Nível VIP');
  await page.keyboard.press('Escape');
  await logOut(page);

  await logIn(page, email, PASSWORD);
  await logOut(page);

  // Password recovery, spec 4: e-mail and code on one screen, then the new password.
  await page.getByTestId('login-forgot').click();
  await expect(page.getByTestId('reset-panel')).toBeVisible();
  const before = (await mailbox(request, email)).length;
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('reset-send-code').click();
  await expect(page.getByTestId('reset-step')).toHaveText('Etapa 2 de 3');

  let code = '';
  await expect
    .poll(async () => {
      const mails = await mailbox(request, email);
      if (mails.length <= before) return '';
      code = /\b(\d{6})\b/.exec(mails[0]!.text)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-submit-code').click();
  await expect(page.getByTestId('reset-password-form')).toBeVisible();
  await page.getByTestId('reset-new-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-submit-password').click();

  await logIn(page, email, NEW_PASSWORD);
  expect(errors).toEqual([]);
});

test('a wrong password keeps the player out and brings a new captcha', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('header-login').click();
  const image = page.getByTestId('login-captcha-image').locator('img');
  const before = await image.getAttribute('src');

  await page.getByTestId('login-username').fill('ninguem@example.com');
  await page.getByTestId('login-password').fill('Errada#123456');
  await page.getByTestId('login-captcha-input').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();

  await expect(page.getByTestId('alert-message')).toHaveText('Usuário ou senha incorretos');
  await page.getByTestId('alert-ok').click();
  await expect(image).not.toHaveAttribute('src', before ?? '');
  await expect(page.getByTestId('login-captcha-input')).toHaveValue('');
  await expect(page.getByTestId('header-login')).toBeVisible();
});
