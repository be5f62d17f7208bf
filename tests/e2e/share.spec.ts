import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  CAPTCHA,
  PASSWORD,
  closeFirstDepositOffer,
  makeCpf,
  registerPlayer,
  uniqueEmail,
  useSession,
  watchConsole,
} from './support';

/**
 * Issue 7: an invite link brings a new player whose registration carries the code, the referrer's
 * /share table then shows them at level 1 with data from the server; the promo gift on home credits
 * the bonus wallet once. Screenshots of /share and home at 360 px and 1280 px go to the run's output.
 */

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { status: number; message: string; data: T };
  expect(body.status, `${url}: ${body.message}`).toBe(200);
  return body.data;
}

const masked = (email: string) => `${email.slice(0, 2)}***@${email.split('@')[1]!.slice(0, 1)}***`;

async function snap(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
  await page.waitForTimeout(800);
  await page.screenshot({ path, fullPage: true });
}

test('an invite link leads to registration with the code, and the referrer sees the new player at level 1', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const errors = watchConsole(page);
  const referrer = await registerPlayer(request, 'referrer');
  const { yqm } = await getJson<{ yqm: string }>(request, referrer.token, '/api/app/user/userInfo');

  await page.goto(`/y${yqm}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page.getByTestId('register-invite')).toHaveValue(yqm);
  const invitee = { email: uniqueEmail('convidada'), cpf: makeCpf() };
  await page.getByTestId('register-name').fill('Clara Convidada');
  await page.getByTestId('register-cpf').fill(invitee.cpf);
  await page.getByTestId('register-email').fill(invitee.email);
  await page.getByTestId('register-phone').fill('11987654321');
  await page.getByTestId('register-birthdate').fill('1992-03-08');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-password-confirm').fill(PASSWORD);
  await page.getByTestId('register-captcha-input').fill(CAPTCHA);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await closeFirstDepositOffer(page);

  const context = await browser.newContext();
  const referrerPage = await context.newPage();
  const referrerErrors = watchConsole(referrerPage);
  await useSession(referrerPage, referrer.token);
  await referrerPage.goto('/share');
  await expect(referrerPage.getByTestId('page-share')).toBeVisible();
  const origin = new URL(referrerPage.url()).origin;
  await expect(referrerPage.getByTestId('share-link-value')).toHaveText(`${origin}/y${yqm}`);
  await expect(referrerPage.getByTestId('share-code-value')).toHaveText(yqm);
  await expect(referrerPage.getByTestId('share-qr')).toBeVisible();
  await referrerPage.getByTestId('share-code-copy').click();
  await expect(referrerPage.getByTestId('toast')).toHaveText('A cópia foi bem-sucedida');

  const rows = referrerPage.getByTestId('share-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('share-row-invitee')).toHaveText(masked(invitee.email));
  await expect(rows.first().locator('td').nth(2)).toHaveText('1');
  // The same row as the server holds it.
  const page1 = await getJson<{ list: { invitee: string }[] }>(
    request,
    referrer.token,
    '/api/app/user/referrals?level=1',
  );
  expect(page1.list.map((r) => r.invitee)).toEqual([masked(invitee.email)]);
  await expect(referrerPage.getByTestId('share-level-1')).toContainText('1');

  await referrerPage.getByTestId('share-tab-2').click();
  await expect(referrerPage.getByTestId('share-empty')).toBeVisible();
  await referrerPage.getByTestId('share-tab-1').click();
  await expect(rows).toHaveCount(1);

  await snap(referrerPage, testInfo.outputPath('share-1280.png'), 1280);
  await snap(referrerPage, testInfo.outputPath('share-360.png'), 360);
  await context.close();
  expect(errors).toEqual([]);
  expect(referrerErrors).toEqual([]);
});

test('the promo gift on home is received once and credits the bonus wallet once', async ({
  page,
  request,
}, testInfo) => {
  const errors = watchConsole(page);
  const player = await registerPlayer(request, 'presente');
  await useSession(page, player.token);
  await page.goto('/home');
  const gift = page.getByTestId('promo-gift');
  await expect(gift).toBeVisible();
  await expect(page.getByTestId('promo-gift-amount')).toHaveText(/R\$\s5,00/);
  await expect(page.getByTestId('home-banners')).toBeVisible();
  await expect(page.getByTestId('home-sponsors')).toBeVisible();
  await snap(page, testInfo.outputPath('home-1280.png'), 1280);
  await snap(page, testInfo.outputPath('home-360.png'), 360);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('promo-gift-receive').click();
  await expect(page.getByTestId('toast')).toContainText('Presente recebido');
  await expect(gift).toBeHidden();
  const balance = await getJson<{ balance: number; bonusBalance: number }>(
    request,
    player.token,
    '/api/app/user/getBalance',
  );
  expect(balance).toMatchObject({ balance: 0, bonusBalance: 5 });

  // Asking again (another key) is refused and credits nothing; home no longer offers it.
  const again = await request.post('/api/app/main/userGift/receive', {
    headers: { Authorization: `Bearer ${player.token}`, 'Idempotency-Key': `e2e-gift-${Date.now()}` },
  });
  expect(again.status()).toBe(409);
  expect(await getJson<number>(request, player.token, '/api/app/main/userGift')).toBe(0);
  await page.reload();
  await expect(page.getByTestId('page-home')).toBeVisible();
  await expect(page.getByTestId('home-banners')).toBeVisible();
  await expect(gift).toBeHidden();
  const after = await getJson<{ bonusBalance: number }>(request, player.token, '/api/app/user/getBalance');
  expect(after.bonusBalance).toBe(5);

  await page.goto('/gamebouns');
  await expect(page.getByTestId('game-bonus-balance')).toHaveText(/R\$\s5,00/);
  await page.goto('/bonuspage');
  await expect(page.getByTestId('promotion-presente')).toBeVisible();
  await expect(page.getByTestId('bonus-none')).toBeVisible();
  expect(errors).toEqual([]);
});
