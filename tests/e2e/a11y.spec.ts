import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, useSession } from './support';

/**
 * Issue 18: axe-core (Deque's rules: WCAG 2.1 A and AA, 2.2's target size, and the experimental
 * ones such as an accessible name that must start with the visible label) finds no serious or
 * critical violation on the main pages, on a phone and on a desktop. It found the fixture lists'
 * competition line at 4.29:1 (the `--faint` text colour, below the 4.5:1 small text needs), home's
 * banner dots 8 px wide, and DICE's "2×" button named "Dobro do valor".
 */
const PAGES = [
  ['/home', 'page-home'],
  ['/footballPage', 'page-footballPage'],
  ['/vip', 'page-vip'],
  ['/text_pp', 'page-text_pp'],
] as const;

async function seriousViolations(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.getByTestId(ready)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the main pages have no serious accessibility violation at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const found: string[] = [];
    for (const [path, ready] of PAGES) found.push(...(await seriousViolations(page, path, ready)));
    // A player's game table, with its controls and the canvas beside them.
    const player = await registerPlayer(request, 'axe');
    await useSession(page, player.token);
    found.push(...(await seriousViolations(page, '/dice', 'game-dice')));
    found.push(...(await seriousViolations(page, '/conta', 'page-conta')));
    expect(found).toEqual([]);
  });
}
