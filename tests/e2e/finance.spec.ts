import { expect, test } from '@playwright/test';
import { createOperator, envelope, signInConsole } from './operator-support';
import { depositThousands, registerPlayer } from './support';

/**
 * Finance refuses a withdrawal (issue 19) in Chromium: the refusal asks for a reason before it
 * acts, the money goes back to the player, and the withdrawal is found in the history with the
 * reason and who decided it — "cadê meu saque?" has an answer.
 */
test('finance refuses a withdrawal with a reason and finds it in the history', async ({
  browser,
  request,
}) => {
  const player = await registerPlayer(request, 'recusa');
  await depositThousands(request, player, 6);
  const withdrawal = await envelope<{ id: string; waitsForApproval: boolean }>(
    await request.post('/api/app/order/withdraw', {
      headers: { Authorization: `Bearer ${player.token}`, 'Idempotency-Key': `fin-w-${Date.now()}` },
      data: {
        payCardBank: 'CPF',
        payCardNo: player.cpf,
        name: 'Rota Teste',
        whatsapp: '11987654321',
        amount: 5200,
      },
    }),
  );
  expect(withdrawal.waitsForApproval).toBe(true);

  const finance = await createOperator(request, 'finance');
  const page = await browser.newPage();
  await signInConsole(page, finance, 'Saques');
  await page.getByRole('button', { name: 'Saques' }).click();
  const row = page.getByTestId(`withdrawal-${withdrawal.id}`);
  await expect(row).toContainText('R$ 5.200,00');

  await row.getByRole('button', { name: 'Recusar' }).click();
  await expect(row.getByRole('group')).toContainText('Recusar o saque de');
  const confirm = row.getByRole('button', { name: 'Confirmar' });
  // no reason, no refusal
  await expect(confirm).toBeDisabled();
  const reason = 'Titular da conta diferente do jogador';
  await row.getByLabel(/Motivo/).fill(reason);
  await confirm.click();
  await expect(page.getByText('Saque recusado, valor devolvido ao jogador')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: 'Histórico de saques' }).click();
  await page.getByLabel('Jogador, CPF, chave PIX ou nº do saque').fill(withdrawal.id);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const found = page.getByTestId(`withdrawal-history-${withdrawal.id}`);
  await expect(found).toContainText('Recusado (valor devolvido)');
  await expect(found).toContainText(reason);
  await expect(found).toContainText(finance.username);
  await page.close();
});
