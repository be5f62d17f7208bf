import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOperator, signInConsole } from './operator-support';
import { sportsClock, type WireFixture } from './sports-support';

/**
 * Super Odds (decision 88) in the trader's console: the trader finds an upcoming football fixture,
 * picks its Resultado Final home selection, types a price above twice the book's and reads the
 * server's refusal, then sets the suggested boost with a limit per player; the boost shows in the
 * table as running (and players see it), and the trader ends it after the console's question.
 */

interface Boost {
  id: number;
  fixtureId: string;
  outcomeId: string;
  odds: number;
}

/** Football fixtures still to start, as players list them (a search narrows them). */
async function upcomingFootball(request: APIRequestContext, q = ''): Promise<WireFixture[]> {
  const query = q ? `&q=${encodeURIComponent(q)}` : '';
  const response = await request.get(`/api/app/sports/fixtures?sport=football&live=false${query}`);
  return ((await response.json()) as { data: WireFixture[] }).data;
}

/**
 * A football fixture far from its start whose Resultado Final is open (other journeys move the
 * sportsbook's clock meanwhile, and this one must not see its fixture start under it), and whose
 * home team's name finds it among the few fixtures the console lists for a search.
 */
async function farFootball(request: APIRequestContext): Promise<WireFixture> {
  const { now } = await sportsClock(request);
  const open = (await upcomingFootball(request))
    .filter(
      (f) =>
        !f.live &&
        f.periodCode === 0 &&
        !f.suspended &&
        Date.parse(f.startsAt) > now + 60_000 &&
        f.main?.id === 'match_winner:full' &&
        f.main.status === 1 &&
        f.main.outcomes.every((o) => o.active && o.odds !== null),
    )
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  for (const f of open.slice(0, 10)) {
    const found = await upcomingFootball(request, f.home);
    if (found.length <= 5 && found.some((x) => x.id === f.id)) return f;
  }
  throw new Error('no upcoming football fixture with Resultado Final open that a search finds');
}

/** `text` matched literally in a regular expression (team names may hold dots or brackets). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The running boosts players are offered. */
async function playerBoosts(request: APIRequestContext): Promise<Boost[]> {
  return ((await (await request.get('/api/app/sports/boosts')).json()) as { data: Boost[] }).data;
}

test('a trader sets a Super Odd on an upcoming football fixture, sees it running, then ends it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const fixture = await farFootball(request);
  const label = `${fixture.home} x ${fixture.away}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInConsole(page, await createOperator(request, 'trader'), 'Super Odds');
  await page.getByRole('button', { name: 'Super Odds' }).click();
  await expect(page.getByRole('heading', { name: 'Super Odds', level: 2 })).toBeVisible();

  // Find the fixture by its home team and open its markets.
  await page.getByLabel('Esporte').selectOption({ label: 'Futebol' });
  await page.getByLabel('Buscar jogo (time ou competição)').fill(fixture.home);
  await page.getByRole('button', { name: 'Buscar jogo' }).click();
  const fixtures = page.getByRole('list', { name: 'Jogos por começar' });
  await fixtures.getByRole('button', { name: `${fixture.home} × ${fixture.away}` }).click();
  const form = page.getByRole('form', { name: 'Nova Super Odd' });
  await form.getByLabel('Mercado').selectOption('match_winner:full');
  await form.getByLabel('Seleção').selectOption('home');
  const current = await form.getByTestId('admin-boost-current').textContent();
  expect(current).toMatch(/^\d+,\d\d$/);
  const suggested = await form.getByLabel('Super Odd').inputValue();
  expect(Number(suggested.replace(',', '.'))).toBeGreaterThan(Number(current!.replace(',', '.')));

  // More than twice the book's price: the server refuses, in its words.
  await form.getByLabel('Super Odd').fill('99');
  await form.getByLabel('Limite por jogador (R$)').fill('20');
  await form.getByRole('button', { name: 'Criar Super Odd' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    /^A Super Odd precisa ser maior que a cotação atual \(\d+,\d\d\) e no máximo o dobro dela$/,
  );
  expect((await playerBoosts(request)).filter((b) => b.fixtureId === fixture.id)).toEqual([]);

  // The suggested price (about 15 % above the book's) is taken. The book's own price of an upcoming
  // match moves with the feed, so the summary reads whatever it is now (CI once saw 1,82 → 1,86).
  await form.getByLabel('Super Odd').fill(suggested);
  await expect(form).toContainText(
    new RegExp(`de \\d+,\\d\\d para ${literal(suggested)}, até R\\$\\s20,00 por jogador`),
  );
  await form.getByRole('button', { name: 'Criar Super Odd' }).click();
  await expect(form.getByRole('status')).toHaveText(
    new RegExp(
      `^Super Odd criada: ${literal(fixture.home)} \\(Resultado Final\\) em ${literal(label)}, ` +
        `de \\d+,\\d\\d para ${literal(suggested)}$`,
    ),
  );
  // The newest boost comes first (a retry may have left an ended one on the same fixture).
  const row = page.getByTestId('admin-boost').filter({ hasText: label }).first();
  await expect(row).toContainText(`→ ${suggested}`);
  await expect(row).toContainText('R$ 20,00');
  await expect(row).toContainText('Ativa');
  await expect(form.getByLabel('Seleção').locator('option[value="home"]')).toContainText('Super Odd ativa');
  const offered = (await playerBoosts(request)).filter((b) => b.fixtureId === fixture.id);
  expect(offered).toMatchObject([{ outcomeId: 'home', odds: Number(suggested.replace(',', '.')) }]);

  // Ending asks first; the boost then leaves the players' list and shows as ended.
  await row.getByRole('button', { name: 'Encerrar' }).click();
  const question = row.getByRole('group');
  await expect(question).toContainText(`Encerrar a Super Odd de ${fixture.home} em ${label}?`);
  await question.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Super Odd encerrada' })).toHaveText(
    `Super Odd encerrada: ${fixture.home} em ${label}`,
  );
  await expect(row).toContainText(/Encerrada em \d\d\/\d\d\/\d{4}/);
  await expect(row.getByRole('button', { name: 'Encerrar' })).toHaveCount(0);
  expect((await playerBoosts(request)).filter((b) => b.fixtureId === fixture.id)).toEqual([]);
});
