import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support';

/**
 * Issue 7: the text pages read well on a phone (360 px) and on a desktop (1280 px): the sections
 * are there, nothing scrolls sideways, lines stay readable, and a screenshot of each is kept.
 */

const WIDTHS = [360, 1280] as const;

/** Widest element of the page beyond the viewport, in px (0 when nothing overflows). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The rendered width of a paragraph of the text, in characters of its font (about). */
async function paragraphChars(page: Page): Promise<number> {
  return page
    .locator('.text-doc p')
    .first()
    .evaluate((p) => {
      const style = getComputedStyle(p);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      return p.getBoundingClientRect().width / canvas.measureText('0').width;
    });
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('the privacy policy shows its LGPD sections without sideways scrolling', async ({
      page,
    }, testInfo) => {
      const errors = watchConsole(page);
      await page.goto('/text_pp');
      const article = page.getByTestId('page-text_pp');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
      for (const name of [
        'Controlador dos dados',
        'Encarregado (DPO)',
        'Bases legais (art. 7 da LGPD)',
        'Retenção dos dados',
        'Seus direitos (art. 18 da LGPD)',
        'Cookies e armazenamento local',
      ]) {
        await expect(article.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await paragraphChars(page)).toBeLessThanOrEqual(90);
      await page.screenshot({ path: testInfo.outputPath(`text_pp-${width}.png`), fullPage: false });
      const rights = article.getByRole('heading', { level: 2, name: 'Seus direitos (art. 18 da LGPD)' });
      const contents = page.getByTestId('text-contents');
      if (width === 1280) {
        // Wide: the table of contents sits beside the text and jumps to a section.
        await expect(contents).toBeVisible();
        await contents.getByRole('link', { name: 'Seus direitos (art. 18 da LGPD)' }).click();
        await expect(page).toHaveURL(/#seus-direitos-art-18-da-lgpd$/);
        await expect(rights).toBeInViewport();
        expect(await rights.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200);
        await expect(contents).toBeInViewport();
      } else {
        await expect(contents).toBeHidden();
        await rights.scrollIntoViewIfNeeded();
      }
      await page.screenshot({ path: testInfo.outputPath(`text_pp-rights-${width}.png`) });
      expect(errors).toEqual([]);
    });

    test('the terms keep their VIP table inside the page', async ({ page }, testInfo) => {
      await page.goto('/text_tc');
      const table = page.getByTestId('page-text_tc').locator('table');
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr')).toHaveCount(13);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`text_tc-vip-${width}.png`) });
    });

    test('an FAQ topic lists its questions, opens one and reads in English after the switch', async ({
      page,
    }, testInfo) => {
      await page.goto('/text_faq_dr');
      const article = page.getByTestId('page-text_faq_dr');
      const questions = article.getByTestId('faq-question');
      await expect(questions.first()).toBeVisible();
      expect(await questions.count()).toBeGreaterThanOrEqual(8);
      const first = questions.first();
      await expect(first.getByRole('heading', { level: 3 })).toHaveText('Como deposito?');
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await expect(first.getByText('QR Code', { exact: false })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`text_faq_dr-${width}.png`) });

      await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
      await page.reload();
      await expect(article.getByRole('heading', { level: 3, name: 'How do I deposit?' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`text_faq_dr-en-${width}.png`) });
    });
  });
}

test('a page opened anew in a tab starts at its top, not where an earlier visit left it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/text_pp');
  await expect(page.getByTestId('page-text_pp')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  // Typing the address again is a new page load in the same tab.
  await page.goto('/text_pp');
  await expect(page.getByTestId('page-text_pp')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Within the site, back still returns to where the player was.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  // A click event, not a pointer click: Playwright would first scroll the link into view.
  await page.getByRole('link', { name: 'Termos e Condições' }).first().dispatchEvent('click');
  await expect(page).toHaveURL(/\/text_tc$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/text_pp$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});
