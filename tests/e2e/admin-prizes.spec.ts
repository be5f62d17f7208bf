import { expect, test } from '@playwright/test';
import { createOperator, signInConsole } from './operator-support';
import { advanceSports, footballToBet, myBets, periodOf, type WireFixture } from './sports-support';
import { fundPlayer, registerPlayer } from './support';

/**
 * Prizes within 120 minutes of the end of the event (issue 9) in the operator console: a corners
 * bet is held for review once the trader enters a final score without corners; it shows at the
 * top of Esportes with its due time and a running countdown; the trader opens its fixture from
 * there, enters the corners, and the bet is settled and leaves the list.
 */

interface WireMarket {
  id: string;
  type: string;
  status: number;
  outcomes: Array<{ id: string; active: boolean; odds: number | null }>;
}

test('a held prize shows its deadline in the console until the trader enters the missing result', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const player = await registerPlayer(request, 'prz');
  await fundPlayer(request, player);
  // The soonest matches: an operator's result is taken only once a fixture has started, and at
  // SPORTS_FEED_SPEED 240 a match lasts under a minute, so the clock moves to the match's start and
  // the trader enters the score while it is still being played (before the feed's own result).
  const fixtures: WireFixture[] = await footballToBet(request, 1);

  // R$ 5 on more corners than the line, in the first soon match that offers it.
  let betId = '';
  let fixture: { id: string; home: string; away: string; startsAt: string } | undefined;
  for (const f of fixtures) {
    const detail = (await (await request.get(`/api/app/sports/fixtures/${f.id}`)).json()) as {
      data: { id: string; home: string; away: string; startsAt: string; markets: WireMarket[] };
    };
    const corners = detail.data.markets.find((m) => m.type === 'corners_totals' && m.status === 1);
    const over = corners?.outcomes.find((o) => o.id === 'over' && o.active && o.odds !== null);
    if (!corners || !over) continue;
    const placed = await request.post('/api/app/sports/bet', {
      headers: { Authorization: `Bearer ${player.token}`, 'Idempotency-Key': `prz-${f.id}` },
      data: {
        stake: 5,
        oddsChange: 'any',
        legs: [{ fixtureId: f.id, marketId: corners.id, outcomeId: over.id, odds: over.odds }],
      },
    });
    const body = (await placed.json()) as { status: number; data: { betId: string } };
    if (body.status !== 200) continue;
    betId = body.data.betId;
    fixture = detail.data;
    break;
  }
  expect(betId, 'no soon match offered a corners line').not.toBe('');
  await advanceSports(request, { at: Date.parse(fixture!.startsAt) + 500 });
  await expect
    .poll(async () => periodOf(request, fixture!.id), { timeout: 60_000, intervals: [500] })
    .toBeGreaterThan(0);

  await signInConsole(page, await createOperator(request, 'trader'), 'Esportes');
  await page.getByRole('button', { name: 'Esportes' }).click();
  const search = async (q: string) => {
    await page.getByLabel('Buscar partida (time, competição ou ID)').fill(q);
    await page.getByRole('button', { name: 'Buscar partida' }).click();
  };
  await search(fixture!.id);
  const form = page.getByRole('form', { name: 'Lançar resultado' });
  await expect(form).toHaveCount(1);
  await form.getByLabel('Situação').selectOption({ label: 'Encerrado' });
  await form.locator('input').nth(0).fill('1');
  await form.locator('input').nth(1).fill('0');
  await form.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Resultado salvo; apostas liquidadas: \d+$/);

  // Held: at the top, due two hours after the end, the countdown running.
  const prize = page.getByTestId('admin-prize').filter({ hasText: betId });
  await expect(prize).toContainText('Em análise: falta o resultado');
  const countdown = prize.locator('strong');
  await expect(countdown).toHaveText(/^faltam 1:5\d:\d\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 5_000 });
  expect((await myBets(request, player.token)).find((b) => b.betId === betId)!.state).toBe('exception');

  // From the prize, the fixture's form; the corners settle the bet and it leaves the list.
  await search('nenhuma-partida-assim');
  await expect(form).toHaveCount(0);
  await prize
    .getByRole('button', { name: `Abrir ${fixture!.home} x ${fixture!.away} para lançar o resultado` })
    .click();
  await expect(form).toHaveCount(1);
  await form.getByLabel(`Escanteios de ${fixture!.home}`, { exact: true }).fill('9');
  await form.getByLabel(`Escanteios de ${fixture!.away}`, { exact: true }).fill('8');
  await form.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Resultado salvo; apostas liquidadas: [1-9]\d*$/);
  await expect(prize).toHaveCount(0);
  expect((await myBets(request, player.token)).find((b) => b.betId === betId)!.state).toBe('settled');
});
