import { expect, test } from '@playwright/test';

/**
 * Installable (issue 7): a web app manifest with the icons a phone needs, and a service worker
 * that caches static files only, so the installed site opens offline into a clear "sem conexão"
 * page instead of the browser's error.
 */

test('the manifest describes an installable app and its icons are real PNGs', async ({ page, request }) => {
  await page.goto('/home');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.short_name).toBe('Trevo');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === 'any');
    expect(icon, size).toBeDefined();
    const png = await request.get(icon!.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    // The PNG header's width is the size the manifest claims.
    expect(bytes.readUInt32BE(16)).toBe(Number(size.split('x')[0]));
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
});

test('offline, the installed site opens into "Sem conexão"; back online, the real page returns', async ({
  page,
  context,
}) => {
  await page.goto('/home');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker controls pages loaded after it activated.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/vip');
  await expect(page.getByTestId('offline')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sem conexão' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Tentar novamente' }).click();
  await expect(page.getByTestId('offline')).toBeHidden();
  await expect(page.locator('main#main')).toBeVisible();
});
