import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createOperator, signInConsole } from './operator-support';
import { fundPlayer, registerPlayer } from './support';

/**
 * Compliance's day (issue 19) in Chromium: three accounts sign up with one phone and one of them
 * deposits through the sandbox bank; a compliance operator asks for a check, finds the ring in the
 * multi-account queue, locks one account from its profile, takes the case, exports the COAF case file (the deposit is in it), and closes
 * the case as reported with a reason from the templates. The queue then shows it closed.
 */
test('compliance works a multi-account ring: takes the case, exports the COAF file, reports it', async ({
  browser,
  request,
}) => {
  const phone = `2198${String(Date.now()).slice(-7)}`;
  const ring = [];
  for (let i = 0; i < 3; i += 1) ring.push(await registerPlayer(request, 'anel', { phone }));
  await fundPlayer(request, ring[0]!);

  const analyst = await createOperator(request, 'compliance');
  const page = await browser.newPage({ acceptDownloads: true });
  await signInConsole(page, analyst, 'Conformidade');
  // the day's pending alerts are on the first screen, and the card opens the queue
  await expect(page.getByTestId('dashboard-alertsOpen')).toContainText('Alertas de conformidade pendentes');
  await page.getByTestId('dashboard-alertsOpen').getByRole('button', { name: 'Abrir' }).click();
  await expect(page.getByRole('heading', { name: 'Conformidade: alertas' })).toBeVisible();

  await page.getByRole('button', { name: 'Verificar agora' }).click();
  await expect(page.getByText(/Verificação feita: \d+ novo\(s\)/)).toBeVisible();
  await page.getByLabel('Fila').selectOption({ label: 'Contas múltiplas' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page
    .getByTestId('admin-alerts')
    .getByRole('row')
    .filter({ hasText: 'Contas com o mesmo telefone' })
    .filter({ hasText: ring[0]!.email });
  await expect(row).toContainText('Em aberto');
  await row.getByRole('button', { name: 'Abrir' }).click();

  const kase = page.getByTestId('admin-alert-case');
  await expect(
    kase.getByRole('heading', { name: /Alerta nº \d+ · Contas com o mesmo telefone/ }),
  ).toBeVisible();
  for (const player of ring)
    await expect(kase.getByTestId('admin-alert-players')).toContainText(player.email);
  await expect(kase).toContainText(phone);

  // the ring's second account is locked from its profile, inside the case
  await kase
    .getByTestId('admin-alert-players')
    .getByRole('row')
    .filter({ hasText: ring[1]!.email })
    .getByRole('button', { name: 'Ver perfil' })
    .click();
  await kase.getByTestId('admin-lock-reason').fill('Conta do anel de contas múltiplas');
  await kase.getByRole('button', { name: 'Bloquear conta' }).click();
  await expect(kase.getByTestId('admin-player-locked')).toContainText('Conta do anel de contas múltiplas');

  await kase.getByRole('button', { name: 'Assumir o caso' }).click();
  await expect(kase).toContainText(`Em análise · Responsável: ${analyst.username}`);

  const download = page.waitForEvent('download');
  await kase.getByRole('button', { name: 'Exportar dossiê COAF (CSV)' }).click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  expect(file).toContain('"Caso";"Regra";"Jogador"');
  expect(file).toContain('"Contas com o mesmo telefone"');
  expect(file).toMatch(
    new RegExp(`"${ring[0]!.email}";"Rota Teste";"[^"]+";"[^"]+";"Depósito PIX";"100,00";"Creditado"`),
  );

  // "Comunicado ao COAF" waits for a reason; a template fills it
  const report = kase.getByRole('button', { name: 'Comunicado ao COAF' });
  await expect(report).toBeDisabled();
  await kase.getByLabel('Modelos de motivo').selectOption({ index: 3 });
  await expect(kase.getByLabel('Nota ou motivo')).toHaveValue(/comunicado ao COAF pelo SISCOAF/);
  await report.click();
  await expect(kase.getByText(/Fechar o alerta nº \d+ como comunicado ao COAF\?/)).toBeVisible();
  await kase.getByRole('button', { name: 'Confirmar' }).click();
  await expect(kase).toContainText('Comunicado ao COAF · Responsável');
  await expect(kase.getByTestId('admin-alert-notes')).toContainText(analyst.username);
  await expect(kase.getByRole('button', { name: 'Reabrir' })).toBeVisible();

  await kase.getByRole('button', { name: 'Voltar à fila' }).click();
  await page.getByLabel('Situação').selectOption({ label: 'Comunicado ao COAF' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(
    page.getByTestId('admin-alerts').getByRole('row').filter({ hasText: ring[0]!.email }),
  ).toContainText(analyst.username);
  await page.close();
});
