import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Every route of spec 2 against the built client and the real server. */

const SHELL_ROUTES = [
  '/home',
  '/vip',
  '/agentJl',
  '/gamebouns',
  '/gameGroupList',
  '/bonuspage',
  '/registros',
  '/conta',
  '/paySuccess',
  '/text_kyc',
  '/text_pp',
  '/text_jr',
  '/text_tc',
  '/text_faq',
  '/text_faq_conta',
  '/text_faq_dr',
  '/text_faq_jr',
  '/text_faq_jogos',
  '/text_faq_nu',
  '/text_faq_prom',
  '/text_faq_segur',
  '/complaint_text',
  '/complaint_form',
  '/error',
  '/footballPage',
  '/play',
  '/play?game=limbo',
  '/mines',
  '/limbo',
  '/luckyColor',
  '/rowDouble',
  '/double',
];
const PROTECTED_ROUTES = ['/gameMess', '/share', '/dice'];

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

/** Registers a player through the API and returns the session token. */
async function registerPlayer(request: APIRequestContext): Promise<string> {
  const codeId = String(Math.floor(Math.random() * 100_000_000));
  expect((await request.get(`/api/auth/user/captcha/${codeId}`)).ok()).toBe(true);
  const response = await request.post('/api/auth/user/restRegister', {
    data: {
      name: 'Rota Teste',
      cardNo: makeCpf(),
      username: `routes.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
      country: '+55',
      pwd: 'Trevo#Forte2026',
      pwd1: 'Trevo#Forte2026',
      codeId,
      captCode: 'abcd',
    },
  });
  const body = (await response.json()) as { status: number; data: { access_token: string } };
  expect(body.status).toBe(200);
  return body.data.access_token;
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function expectShell(page: Page) {
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByTestId('notice-bar')).toBeVisible();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('footer-copyright')).toHaveText('Trevo © 2019-2026');
  await expect(page.getByTestId('footer-warning')).toContainText('18');
}

test('a visitor opening /dice is asked to log in, lands on home and gets the login panel', async ({
  page,
}) => {
  await page.goto('/dice');

  await expect(page.getByTestId('alert-message')).toHaveText('Por favor, faça login primeiro');
  await expect(page.getByTestId('alert-ok')).toHaveText('Eu entendi');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('auth-tab-login')).toHaveAttribute('aria-selected', 'true');
});

test('every public route renders the shell for a visitor without console errors', async ({ page }) => {
  const errors = watchConsole(page);
  for (const route of SHELL_ROUTES) {
    await page.goto(route);
    await expectShell(page);
    await expect(page.getByTestId('header-login')).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('every route, protected ones included, renders the shell for a player without console errors', async ({
  page,
  request,
}) => {
  const token = await registerPlayer(request);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  const errors = watchConsole(page);

  for (const route of [...SHELL_ROUTES, ...PROTECTED_ROUTES]) {
    await page.goto(route);
    await expect(page).toHaveURL(new RegExp(`${route.replace('?', '\\?')}$`));
    await expectShell(page);
    await expect(page.getByTestId('header-avatar')).toBeVisible();
  }
  await expect(page.getByTestId('header-balance')).toContainText('R$');
  expect(errors).toEqual([]);
});

test('/ shows the loading screen, then home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('loading-screen')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expectShell(page);
});

test('an unknown path goes to /, then home', async ({ page, baseURL }) => {
  await page.goto('/isto-nao-existe');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page).toHaveURL(/\/home$/);
});

test('/main redirects to /home', async ({ page }) => {
  await page.goto('/main');
  await expect(page).toHaveURL(/\/home$/);
  await expectShell(page);
});

test('/y{yqm} keeps the invite code and opens registration with it', async ({ page }) => {
  await page.goto('/yAMIGO2026');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page.getByTestId('register-invite')).toHaveValue('AMIGO2026');
});

test('a visitor clicking a footer game gets the login panel', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('footer-game-limbo').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom navigation goes home, to the account page and opens the login for my', async ({
    page,
  }) => {
    await page.goto('/vip?isapp=1');
    await page.getByTestId('nav-deal').click();
    await expect(page).toHaveURL(/\/conta$/);
    await page.getByTestId('nav-home').click();
    await expect(page).toHaveURL(/\/home$/);
    await page.getByTestId('nav-my').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('isapp'))).toBe('1');
  });
});
