import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOperator, signInConsole } from './operator-support';
import { advanceSports, myBets, sportsClock, type WireFixture } from './sports-support';
import { fundPlayer, registerPlayer, type ApiPlayer } from './support';

/**
 * A trader settles the results the console could not take before (only football's facts then):
 * a tennis match where a player retired after the first set, and a baseball game called after
 * five innings. The trader fills the sport's own form against the real server; the match bet
 * stands for whoever advanced or led, the games handicap of the unfinished tennis match is void,
 * and the console then shows the result as the operator's. A retirement typed without the sets it
 * is judged on is refused in the browser first, and nothing is settled; a final result for a match
 * not yet started is refused by the server (results respect the clock).
 */

interface WireMarket {
  id: string;
  type: string;
  status: number;
  outcomes: Array<{ id: string; active: boolean; odds: number | null }>;
}

/**
 * Fixtures of `sport` open before their start (not in the next few seconds, so a bet is placed
 * before the book closes) and starting within two simulated hours, soonest first.
 */
async function startingSoon(request: APIRequestContext, sport: string): Promise<WireFixture[]> {
  const body = (await (await request.get(`/api/app/sports/fixtures?sport=${sport}`)).json()) as {
    data: WireFixture[];
  };
  const { now, speed } = await sportsClock(request);
  const within = (120 * 60_000) / speed;
  return body.data
    .filter((f) => !f.live && f.periodCode === 0 && !f.suspended)
    .filter((f) => Date.parse(f.startsAt) > now + 3_000 && Date.parse(f.startsAt) < now + within)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/**
 * An upcoming fixture of `sport` (not started) with a pre-match bet on its winner market, so the
 * console lists it (it lists fixtures with bets).
 */
async function upcomingWithBet(request: APIRequestContext, player: ApiPlayer, sport: string) {
  const body = (await (await request.get(`/api/app/sports/fixtures?sport=${sport}`)).json()) as {
    data: WireFixture[];
  };
  const { now } = await sportsClock(request);
  const f = body.data.find(
    (x) =>
      !x.live &&
      x.periodCode === 0 &&
      Date.parse(x.startsAt) > now + 60_000 &&
      x.main?.outcomes[0]?.active &&
      x.main.outcomes[0].odds !== null,
  );
  expect(f, `an upcoming ${sport} fixture`).toBeDefined();
  const outcome = f!.main!.outcomes[0]!;
  const placed = await request.post('/api/app/sports/bet', {
    headers: { Authorization: `Bearer ${player.token}`, 'Idempotency-Key': `res-early-${f!.id}` },
    data: {
      stake: 5,
      oddsChange: 'any',
      legs: [{ fixtureId: f!.id, marketId: f!.main!.id, outcomeId: outcome.id, odds: outcome.odds }],
    },
  });
  expect(((await placed.json()) as { status: number }).status).toBe(200);
  return f!;
}

/**
 * R$ 5 on each `[market type, outcome]` of a fixture of `sport` starting soon that offers them all,
 * then moves the clock to its start: an operator's result is taken only once a fixture has started,
 * and one just begun (at SPORTS_FEED_SPEED 240 a tennis match lasts at least a quarter of a real
 * minute) is still being played while the trader enters it, so the feed's own result cannot come
 * first. When no fixture soon offers them, the clock moves half an hour on.
 */
async function betOn(
  request: APIRequestContext,
  player: ApiPlayer,
  sport: string,
  picks: Array<[type: string, outcome: string]>,
  /** Fixtures this journey already used otherwise. */
  except: readonly string[] = [],
) {
  for (let tries = 0; tries < 48; tries++) {
    const fixtures = (await startingSoon(request, sport)).filter((f) => !except.includes(f.id));
    for (const f of fixtures) {
      const detail = (await (await request.get(`/api/app/sports/fixtures/${f.id}`)).json()) as {
        data: { id: string; home: string; away: string; startsAt: string; markets: WireMarket[] };
      };
      const legs = picks.map(([type, outcome]) => {
        const market = detail.data.markets.find((m) => m.type === type && m.status === 1);
        const o = market?.outcomes.find((x) => x.id === outcome && x.active && x.odds !== null);
        return market && o ? { fixtureId: f.id, marketId: market.id, outcomeId: o.id, odds: o.odds! } : null;
      });
      if (legs.some((l) => l === null)) continue;
      const bets: Array<{ betId: string; odds: number }> = [];
      for (const leg of legs) {
        const placed = await request.post('/api/app/sports/bet', {
          headers: {
            Authorization: `Bearer ${player.token}`,
            'Idempotency-Key': `res-${leg!.marketId}-${f.id}`,
          },
          data: { stake: 5, oddsChange: 'any', legs: [leg] },
        });
        const body = (await placed.json()) as {
          status: number;
          message: string;
          data: { betId: string; combinedOdds: number };
        };
        expect(body.status, body.message).toBe(200);
        bets.push({ betId: body.data.betId, odds: body.data.combinedOdds });
      }
      // Started (by the published time and in the feed) before the trader enters anything.
      await advanceSports(request, { at: Date.parse(detail.data.startsAt) + 500 });
      await expect
        .poll(async () => (await liveIds(request, sport)).includes(f.id), { timeout: 60_000 })
        .toBe(true);
      return { fixture: detail.data, bets };
    }
    await advanceSports(request, { simMinutes: 30 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`no ${sport} fixture offered ${picks.map((p) => p.join(' ')).join(', ')}`);
}

/** Ids of the fixtures of `sport` in play now. */
async function liveIds(request: APIRequestContext, sport: string): Promise<string[]> {
  const body = (await (await request.get(`/api/app/sports/fixtures?sport=${sport}&live=true`)).json()) as {
    data: WireFixture[];
  };
  return body.data.map((f) => f.id);
}

/** What R$ 5 at `odds` returns when won: odds in thousandths, rounded down to the centavo. */
const paid = (odds: number) => Math.floor((500 * Math.round(odds * 1000)) / 1000) / 100;

/**
 * Searches the fixture and returns its row's form. The row is found by its teams: until the search
 * answers, the list still shows the row searched before, whose form would take the typing and then
 * be replaced.
 */
async function openFixture(page: Page, fixture: { id: string; home: string; away: string }) {
  await page.getByLabel('Buscar partida (time, competição ou ID)').fill(fixture.id);
  await page.getByRole('button', { name: 'Buscar partida' }).click();
  const row = page.getByRole('row').filter({ hasText: `${fixture.home} × ${fixture.away}` });
  const form = row.getByRole('form', { name: 'Lançar resultado' });
  await expect(form).toHaveCount(1);
  await expect(page.getByRole('form', { name: 'Lançar resultado' })).toHaveCount(1);
  return { row, form };
}

test('a trader settles a tennis retirement and a called baseball game from the console', async ({
  page,
  request,
}) => {
  test.setTimeout(540_000);
  const player = await registerPlayer(request, 'res');
  await fundPlayer(request, player);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInConsole(page, await createOperator(request, 'trader'), 'Esportes');
  await page.getByRole('button', { name: 'Esportes' }).click();

  // A final result for a match that has not started is refused by the server, in words.
  const early = await upcomingWithBet(request, player, 'tennis');
  const upcoming = await openFixture(page, early);
  await upcoming.form.getByLabel(`Sets vencidos: ${early.home}`).fill('2');
  await upcoming.form.getByLabel(`Sets vencidos: ${early.away}`).fill('0');
  await upcoming.form.getByLabel(`Games no jogo todo: ${early.home}`).fill('12');
  await upcoming.form.getByLabel(`Games no jogo todo: ${early.away}`).fill('4');
  await upcoming.form.getByLabel('Vencedor do 1º set').selectOption({ label: early.home });
  await upcoming.form.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(upcoming.form.getByRole('alert')).toHaveText(
    'Este jogo ainda não começou: só pode ser registrado como adiado (−14) ou cancelado (−10)',
  );

  // Bets in play on matches just begun, each result entered while its match is still played.
  const tennis = await betOn(
    request,
    player,
    'tennis',
    [
      ['moneyline', 'home'],
      ['games_handicap', 'home'],
    ],
    [early.id],
  );

  // Tennis: the away player retires at one set to love; the form asks for the retirement only
  // once the match is marked as ended early.
  const { home, away } = tennis.fixture;
  let { row, form } = await openFixture(page, tennis.fixture);
  await expect(form.getByLabel(`Gols de ${home}`)).toHaveCount(0);
  await expect(form.getByLabel('Desistência')).toHaveCount(0);
  await form.getByLabel('Situação').selectOption({ label: 'Encerrado antes do fim' });
  await form.getByLabel('Desistência').selectOption({ label: `${away} desistiu` });
  await form.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(form.getByRole('alert')).toHaveText(`Preencha “Sets vencidos” de ${home}.`);
  await expect(form.getByLabel(`Sets vencidos: ${home}`)).toBeFocused();
  // Nothing of this match is settled yet (the upcoming match's bet above may be, by its own feed).
  const mine = new Set(tennis.bets.map((b) => b.betId));
  expect(
    (await myBets(request, player.token)).filter((b) => mine.has(b.betId) && b.state === 'settled'),
  ).toEqual([]);

  await form.getByLabel(`Sets vencidos: ${home}`).fill('1');
  await form.getByLabel(`Sets vencidos: ${away}`).fill('0');
  await form.getByLabel(`Games no jogo todo: ${home}`).fill('8');
  await form.getByLabel(`Games no jogo todo: ${away}`).fill('5');
  await form.getByLabel('Vencedor do 1º set').selectOption({ label: home });
  await form.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(form.getByRole('status')).toHaveText('Resultado salvo; apostas liquidadas: 2');
  await expect(row).toContainText(`1 × 0 · ${away} desistiu`);
  await expect(row).toContainText('por operador');

  // Baseball: called with the home side ahead 3-1 after five innings: the moneyline stands.
  const baseball = await betOn(request, player, 'baseball', [['moneyline', 'home']]);
  ({ row, form } = await openFixture(page, baseball.fixture));
  await form.getByLabel('Situação').selectOption({ label: 'Encerrado antes do fim' });
  await form.getByLabel(`Corridas (com entradas extras): ${baseball.fixture.home}`).fill('3');
  await form.getByLabel(`Corridas (com entradas extras): ${baseball.fixture.away}`).fill('1');
  await form.getByLabel('Entradas disputadas').fill('5');
  await form.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(form.getByRole('status')).toHaveText('Resultado salvo; apostas liquidadas: 1');
  await expect(row).toContainText('3 × 1 · 5 entradas');

  const bets = new Map((await myBets(request, player.token)).map((b) => [b.betId, b]));
  const [winner, games] = tennis.bets;
  expect(bets.get(winner!.betId)).toMatchObject({ state: 'settled', result: 10 });
  expect(bets.get(winner!.betId)!.payout).toBe(paid(winner!.odds));
  expect(bets.get(games!.betId)).toMatchObject({ state: 'settled', result: 90, payout: 5 });
  const called = baseball.bets[0]!;
  expect(bets.get(called.betId)).toMatchObject({ state: 'settled', result: 10 });
  expect(bets.get(called.betId)!.payout).toBe(paid(called.odds));
});
