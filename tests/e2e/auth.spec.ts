import { expect, test } from '@playwright/test';
import {
  CAPTCHA,
  closeFirstDepositOffer,
  logIn,
  logOut,
  mailbox,
  makeCpf,
  nextMailCode,
  PASSWORD,
  registerInUi,
  uniqueEmail,
  watchConsole,
} from './support';

/**
 * The account's whole front door against the real server: register, log out, log in, recover the
 * password through the mail outbox, log in with the new password. The server runs with
 * TREVO_CAPTCHA_FIXED='abcd' (playwright.config.ts), so every captcha answer is 'abcd'.
 */

const NEW_PASSWORD = 'Trevo#Nova2027!';

test('register, log out, log in, recover the password by e-mail and log in with it', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('e2e');

  await page.goto('/home');
  await registerInUi(page, { email, cpf: makeCpf() });
  await closeFirstDepositOffer(page);
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

  const code = await nextMailCode(request, email, before);

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
