import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { createOperator, signInConsole } from './operator-support';
import { CAPTCHA, fundPlayer, registerPlayer, useSession, watchConsole } from './support';

/**
 * Customer service (issue 7) in Chromium: a player writes in the chat frame opened from home, the
 * operator (a support operator signed in with TOTP) sees it in the console's
 * "Atendimento" and answers, and the answer appears in the player's open chat over the socket. A
 * visitor files a complaint, gets a protocol, and the operator finds and answers it.
 */

/** Saves a screenshot into the run's output folder at a phone and a desktop width. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

test('a support message reaches the console and the answer reaches the player live', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const player = await registerPlayer(request, 'chat');
  const playerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const playerPage = await playerContext.newPage();
  const errors = watchConsole(playerPage);
  await useSession(playerPage, player.token);
  // The socket's connect frame ('40…') is watched from the socket's birth, so it cannot slip by.
  const connected = new Promise<void>((resolve) =>
    playerPage.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('40')) resolve();
      }),
    ),
  );
  // Home may greet a new player with a panel (the promo gift); it is closed if it gets in the way.
  await playerPage.addLocatorHandler(playerPage.locator('.modal-backdrop'), async () => {
    await playerPage.locator('.modal-backdrop .modal__close').first().click();
  });
  await playerPage.goto('/home');
  await connected;

  await expect(playerPage.getByTestId('home-support')).toBeVisible();
  await shoot(playerPage, testInfo, 'home-support-button');
  await playerPage.setViewportSize({ width: 360, height: 740 });
  await playerPage.getByTestId('home-support').click();
  const chat = playerPage.getByTestId('support-chat');
  await expect(chat).toBeVisible();
  await expect(chat.getByTestId('support-identity')).toContainText(player.email);
  await expect(chat.getByTestId('support-welcome')).toBeVisible();
  const question = `Meu depósito de R$ 50 via PIX ainda não apareceu (${Date.now()})`;
  await chat.getByTestId('support-input').fill(question);
  await chat.getByTestId('support-send').click();
  await expect(chat.getByTestId('support-msg-player')).toHaveText(
    new RegExp(question.replace(/[()$]/g, '.')),
  );

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInConsole(admin, await createOperator(request, 'support'), 'Atendimento');
  await admin.getByRole('button', { name: 'Atendimento' }).click();
  const conversation = admin.getByRole('button', { name: new RegExp(player.email.replace(/\./g, '\\.')) });
  await expect(conversation).toContainText('aguardando resposta');
  await conversation.click();
  await expect(admin.getByTestId('support-player')).toContainText(player.email);
  await expect(admin.getByTestId('support-messages')).toContainText(question);
  const answer = 'Olá! Localizamos o seu PIX: o saldo foi creditado agora.';
  await admin.getByTestId('support-reply').fill(answer);
  await admin.getByTestId('support-reply-send').click();
  await expect(admin.getByTestId('support-messages')).toContainText(answer);
  await admin.screenshot({ path: testInfo.outputPath('console-conversations.png') });

  // The player's chat, open all along, shows the answer without a reload.
  await expect(chat.getByTestId('support-msg-operator')).toContainText(answer, { timeout: 5_000 });
  await shoot(playerPage, testInfo, 'support-chat');
  await adminContext.close();

  // Messages persist: a new page load shows the conversation again.
  await playerPage.reload();
  await playerPage.getByTestId('home-support').click();
  await expect(playerPage.getByTestId('support-msg-operator')).toContainText(answer);
  await expect(playerPage.getByTestId('support-msg-player')).toContainText('Meu depósito');
  expect(errors).toEqual([]);
  await playerContext.close();
});

test('support answers "cadê meu saque?" from the player\'s profile beside the chat, with a ready reply', async ({
  browser,
  request,
}) => {
  const player = await registerPlayer(request, 'saque');
  await fundPlayer(request, player);
  const auth = { Authorization: `Bearer ${player.token}` };
  const withdrawal = await request.post('/api/app/order/withdraw', {
    headers: { ...auth, 'Idempotency-Key': `sup-w-${Date.now()}` },
    data: {
      payCardBank: 'CPF',
      payCardNo: player.cpf,
      name: 'Rota Teste',
      whatsapp: '11987654321',
      amount: 60,
    },
  });
  expect((await withdrawal.json()).status).toBe(200);
  const asked = await request.post('/api/app/support/message', {
    headers: auth,
    data: { text: 'Cadê meu saque de R$ 60?' },
  });
  expect((await asked.json()).status).toBe(200);

  const admin = await browser.newPage();
  await signInConsole(admin, await createOperator(request, 'support'), 'Atendimento');
  await admin.getByRole('button', { name: 'Atendimento' }).click();
  await admin.getByRole('button', { name: new RegExp(player.email.replace(/\./g, '\\.')) }).click();
  await admin.getByTestId('support-profile-toggle').click();
  const withdrawals = admin.getByTestId('admin-history-withdrawals');
  await expect(withdrawals).toContainText('R$ 60,00');
  // the sandbox bank pays within seconds: the state in words, as support reads it to the player
  await expect(withdrawals).toContainText(/Pago|Na fila|Enviado/);
  await admin.getByTestId('support-canned').selectOption({ index: 3 });
  await expect(admin.getByTestId('support-reply')).toHaveValue(/Seu saque foi pago/);
  await admin.getByTestId('support-reply-send').click();
  await expect(admin.getByTestId('support-messages')).toContainText('Seu saque foi pago');
  await admin.close();
});

test('a visitor files a complaint, gets a protocol, and the operator answers it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/complaint_form');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrar reclamação' })).toBeVisible();
  await page.getByTestId('complaint-submit').click();
  await expect(page.getByText('Informe o assunto (mínimo de 3 caracteres)')).toBeVisible();
  await shoot(page, testInfo, 'complaint-errors');

  const subject = `Saque atrasado ${Date.now()}`;
  await page.getByTestId('complaint-subject').fill(subject);
  await page
    .getByTestId('complaint-text')
    .fill('Pedi um saque de R$ 200 na segunda-feira e até agora o PIX não chegou na minha conta.');
  await page.getByTestId('complaint-contact').fill('(11) 98765-4321');
  await page.getByTestId('complaint-captcha-input').fill(CAPTCHA);
  await page.getByTestId('complaint-submit').click();
  const protocolBox = page.getByTestId('complaint-protocol');
  await expect(protocolBox).toHaveText(/^TRV-\d{4}-\d{6}$/);
  const protocol = (await protocolBox.textContent())!;
  await shoot(page, testInfo, 'complaint-filed');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInConsole(admin, await createOperator(request, 'support'), 'Atendimento');
  await admin.getByRole('button', { name: 'Atendimento' }).click();
  await admin.getByTestId('support-tab-complaints').click();
  const row = admin.getByTestId(`complaint-${protocol}`);
  await expect(row).toContainText(subject);
  await expect(row).toContainText('(11) 98765-4321');
  // its age and the 7-day answer deadline (SAC), so the oldest are answered first
  await expect(row.getByTestId('complaint-deadline')).toHaveText(
    /^aberta hoje · prazo: \d{2}\/\d{2}\/\d{4}$/,
  );
  await admin.screenshot({ path: testInfo.outputPath('console-complaints.png') });
  await row
    .getByTestId(`complaint-answer-${protocol}`)
    .fill('Seu saque foi pago hoje às 10h. Desculpe a demora.');
  await row.getByTestId(`complaint-answer-send-${protocol}`).click();
  await expect(row).toHaveCount(0);
  await adminContext.close();

  // The visitor follows it with the protocol and the contact.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByTestId('complaint-lookup-protocol').fill(protocol);
  await page.getByTestId('complaint-lookup-contact').fill('(11) 98765-4321');
  await page.getByTestId('complaint-lookup').click();
  await expect(page.getByTestId('complaint-status')).toContainText('Respondida');
  await expect(page.getByTestId('complaint-status')).toContainText('Seu saque foi pago hoje às 10h.');
  expect(errors).toEqual([]);
  await context.close();
});
