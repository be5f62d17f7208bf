import { expect, test, type Page } from '@playwright/test';
import { createOperator, envelope, signInConsole, totp } from './operator-support';
import { formatMoney } from '../../src/lib/format';
import { footballToBet, myBets, playOut, type WireBet } from './sports-support';
import { cashOf, depositThousands, fundPlayer, registerPlayer, useSession } from './support';

/**
 * The operator console (issue 8) in Chromium: an admin creates an operator, who enrols an authenticator, signs in with
 * the code computed here from the shown secret, approves a withdrawal above the approval threshold,
 * and publishes a notice that a player's open page shows at once. The player's pages never load
 * the console's code. A trader corrects a football result the feed settled, and the player's bet
 * is settled again through the same path.
 */

/** The JavaScript files a page fetched. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

test('an operator signs in with TOTP, approves a withdrawal and publishes a notice a player sees at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await registerPlayer(request, 'adm');
  await depositThousands(request, player, 6);
  const withdrawal = await envelope<{ id: string; waitsForApproval: boolean }>(
    await request.post('/api/app/order/withdraw', {
      headers: { Authorization: `Bearer ${player.token}`, 'Idempotency-Key': `adm-w-${Date.now()}` },
      data: {
        payCardBank: 'CPF',
        payCardNo: player.cpf,
        name: 'Rota Teste',
        whatsapp: '11987654321',
        amount: 5500,
      },
    }),
  );
  expect(withdrawal.waitsForApproval).toBe(true);

  // The player's page is open before the notice exists.
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  const playerScripts = scriptsOf(playerPage);
  await useSession(playerPage, player.token);
  // The frame listener is attached as the socket opens, so a fast connect ack ('40') is not missed.
  const connected = new Promise<void>((resolve) =>
    playerPage.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('40')) resolve();
      }),
    ),
  );
  await playerPage.goto('/home');
  await connected;
  await expect(playerPage.getByTestId('notice-bar')).toBeVisible();

  // A new operator (the bootstrap one may have enrolled in an earlier spec) signs in for the first time.
  const operator = await createOperator(request, 'admin', { enrol: false });
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminScripts = scriptsOf(admin);
  await admin.goto('/admin');
  await admin.getByLabel('Usuário').fill(operator.username);
  await admin.getByLabel('Senha').fill(operator.pwd);
  // Production refuses a password-only sign-in before enrolment (TREVO_OPERATOR_TOTP=required).
  await admin.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(admin.getByRole('alert')).toHaveText('Cadastre o autenticador antes de entrar');
  await admin.getByRole('button', { name: 'Cadastrar autenticador' }).click();
  await expect(admin.getByRole('img', { name: 'QR code do autenticador' })).toBeVisible();
  const secret = (await admin.getByTestId('admin-totp-secret').textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await admin.getByLabel('Código do autenticador (6 dígitos)').fill(totp(secret));
  await admin.getByRole('button', { name: 'Entrar', exact: true }).click();

  // The console opens on the day at a glance (issue 19); the approval queue's card leads to it.
  await expect(admin.getByRole('heading', { name: 'Painel de hoje' })).toBeVisible();
  const queueCard = admin.getByTestId('dashboard-approvalQueue');
  await expect(queueCard).toContainText('Fila de aprovação');
  await expect(queueCard.locator('strong')).not.toHaveText('0');
  await queueCard.getByRole('button', { name: 'Abrir' }).click();

  // finance work: the withdrawal with its risk signals, approved
  await expect(admin.getByRole('heading', { name: 'Saques aguardando aprovação' })).toBeVisible();
  const row = admin.getByTestId(`withdrawal-${withdrawal.id}`);
  await expect(row).toContainText('R$ 5.500,00');
  await expect(row).toContainText('Conta nova (0 dias)');
  await expect(row).toContainText('Depósito');
  // No money decision takes one click: the console asks, in words, before paying.
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await expect(row.getByRole('group')).toContainText('Aprovar o saque de');
  await row.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Saque aprovado')).toBeVisible();
  await expect(row).toHaveCount(0);
  const operatorToken = await admin.evaluate(() => sessionStorage.getItem('trevo.operatorToken'));
  // ... and found in the history once the bank has paid it, with who approved it (issue 19).
  await admin.getByRole('tab', { name: 'Histórico de saques' }).click();
  await admin.getByLabel('Jogador, CPF, chave PIX ou nº do saque').fill(withdrawal.id);
  const found = admin.getByTestId(`withdrawal-history-${withdrawal.id}`);
  await expect
    .poll(
      async () => {
        await admin.getByRole('button', { name: 'Buscar' }).click();
        return (await found.count()) ? found.textContent() : '';
      },
      { timeout: 15_000 },
    )
    .toContain('Pago');
  await expect(found).toContainText(operator.username);
  await expect(found).toContainText('R$ 5.500,00');

  // content: a notice published reaches the open player page through the socket
  const text = `Manutenção programada ${Date.now()}`;
  await admin.getByRole('button', { name: 'Avisos' }).click();
  await admin.getByLabel('Texto do aviso').fill(text);
  await admin.getByRole('button', { name: 'Publicar' }).click();
  await expect(admin.getByText('Aviso publicado para todos os jogadores')).toBeVisible();
  await expect(playerPage.getByTestId('notice-text')).toHaveText(text, { timeout: 5_000 });

  // audit: the chain verifies on demand
  await admin.getByRole('button', { name: 'Auditoria' }).click();
  await admin.getByRole('button', { name: 'Verificar cadeia' }).click();
  await expect(admin.getByText(/Cadeia íntegra: \d+ ações de operadores verificadas/)).toBeVisible();

  // support work: the player found by e-mail, with ledger balances and the open session, ended
  await admin.getByRole('button', { name: 'Jogadores' }).click();
  await admin.getByLabel('E-mail, CPF ou código de convite').fill(player.email);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await admin
    .getByTestId('admin-players')
    .getByRole('row')
    .filter({ hasText: player.email })
    .getByRole('button', { name: 'Abrir perfil' })
    .click();
  await expect(admin.getByText(/^Saldo: R\$/)).toBeVisible();
  await expect(admin.getByText('Sessões abertas: 1')).toBeVisible();
  await admin.getByRole('button', { name: 'Encerrar sessões' }).click();
  await admin.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Sessões encerradas: 1')).toBeVisible();
  await expect(admin.getByText('Sessões abertas: 0')).toBeVisible();

  // finance report: today's deposits in the daily table, this player's R$ 6.000 among the other
  // journeys' deposits, as the server sums them (shown again if a deposit lands in between)
  await admin.getByRole('button', { name: 'Relatórios' }).click();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await expect(async () => {
    await admin.getByRole('button', { name: 'Mostrar' }).click();
    const [report] = await envelope<Array<{ deposits: number }>>(
      await request.get(`/api/admin/reports/daily?from=${today}&to=${today}`, {
        headers: { Authorization: `Bearer ${operatorToken}` },
      }),
    );
    expect(report!.deposits).toBeGreaterThanOrEqual(6000);
    await expect(admin.getByRole('cell', { name: formatMoney(report!.deposits) })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });

  // The console is its own chunk: the admin page loaded it, the player's page never did.
  expect(adminScripts.some((u) => /\/admin-app-[\w-]+\.js$/.test(u))).toBe(true);
  expect(playerScripts.filter((u) => u.includes('admin'))).toEqual([]);
  await playerContext.close();
  await adminContext.close();
});

test("a trader corrects a settled football result in the console; the player's bet is settled again", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const player = await registerPlayer(request, 'fix');
  await fundPlayer(request, player);
  // R$ 5 on the home side of the four soonest matches: whichever the feed settles first is
  // corrected. A day's rare fates (put off, abandoned: no bet won or lost) can fall on any match;
  // with two matches a run once waited its whole five minutes below for a won or lost bet.
  const fixtures = (await footballToBet(request, 4)).slice(0, 4);
  for (const fixture of fixtures) {
    const outcome = fixture.main!.outcomes[0]!;
    const placed = await request.post('/api/app/sports/bet', {
      headers: { Authorization: `Bearer ${player.token}`, 'Idempotency-Key': `fix-${fixture.id}` },
      data: {
        stake: 5,
        oddsChange: 'any',
        legs: [
          { fixtureId: fixture.id, marketId: fixture.main!.id, outcomeId: outcome.id, odds: outcome.odds },
        ],
      },
    });
    const body = (await placed.json()) as { status: number; message: string };
    expect(body.status, body.message).toBe(200);
  }
  // Both matches played out: a bet the feed decided as won (10) or lost (20); a void or postponed
  // match is no use here.
  await playOut(request, fixtures);
  let settled: WireBet | undefined;
  await expect
    .poll(
      async () => {
        settled = (await myBets(request, player.token)).find(
          (b) => b.state === 'settled' && (b.result === 10 || b.result === 20),
        );
        // A match postponed and rescheduled a day later is played out at its new start.
        if (!settled) await playOut(request, fixtures);
        return settled;
      },
      { timeout: 300_000, intervals: [2_000] },
    )
    .toBeTruthy();
  // The feed's own correction comes ten match minutes after the whistle (played out above): let
  // its settlement pass run.
  await page.waitForTimeout(5_000);
  const before = (await myBets(request, player.token)).find((b) => b.betId === settled!.betId)!;
  const cashBefore = await cashOf(request, player.token);
  const fixtureId = before.legs[0]!.fixtureId;

  await signInConsole(page, await createOperator(request, 'trader'), 'Esportes');
  await page.getByRole('button', { name: 'Esportes' }).click();
  await page.getByLabel('Buscar partida (time, competição ou ID)').fill(fixtureId);
  await page.getByRole('button', { name: 'Buscar partida' }).click();
  // The list of fixtures needing attention shows until the search answers, and may hold one match
  // (another run's corrected result): the form is the searched match's row's, once it shows.
  const match = fixtures.find((f) => f.id === fixtureId)!;
  const attention = page.getByRole('region', { name: 'Jogos que precisam de atenção' });
  const row = attention.getByRole('row').filter({ hasText: `${match.home} × ${match.away}` });
  await expect(attention.getByRole('row')).toHaveCount(2);
  await expect(row).toHaveCount(1);
  const form = row.getByRole('form', { name: 'Lançar resultado' });
  // The bet took the home side: the correction gives the match to the other side of the outcome.
  const won = before.result === 10;
  await form.getByLabel('Situação').selectOption({ label: 'Encerrado' });
  await form
    .locator('input')
    .nth(0)
    .fill(won ? '0' : '3');
  await form
    .locator('input')
    .nth(1)
    .fill(won ? '2' : '0');
  // The form brings the feed's first half; a result must add up (decision 53), so the correction
  // gives a first half of 0-0, which any full time allows.
  await form.locator('input').nth(2).fill('0');
  await form.locator('input').nth(3).fill('0');
  await form.getByRole('button', { name: 'Lançar resultado' }).click();
  // Other journeys may have bet on the same match: at least this player's bet is settled again.
  await expect(form.getByRole('status')).toHaveText(/^Resultado salvo; apostas liquidadas: [1-9]\d*$/);

  const after = (await myBets(request, player.token)).find((b) => b.betId === before.betId)!;
  expect(after.result).toBe(won ? 20 : 10);
  expect(after.payout > 0).toBe(!won);
  await expect
    .poll(() => cashOf(request, player.token))
    .toBeCloseTo(cashBefore - before.payout + after.payout, 2);
});
