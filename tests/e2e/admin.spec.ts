import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerPlayer, useSession, type ApiPlayer } from './support';

/**
 * The operator console (issue 8) in Chromium: an operator enrols an authenticator, signs in with
 * the code computed here from the shown secret, approves a withdrawal above the approval threshold,
 * and publishes a notice that a player's open page shows at once. The player's pages never load
 * the console's code.
 */

/** The bootstrap operator of playwright.config.ts. */
const OPERATOR = { username: 'operador', pwd: 'Operador#E2e2026' };

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), written out here so the test does not trust the server's. */
function totp(secretBase32: string, nowMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function envelope<T>(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  const body = (await response.json()) as { status: number; message: string; data: T };
  expect(body.status, body.message).toBe(200);
  return body.data;
}

/** Deposits `times` × R$ 1.000 through the sandbox bank, as a player does. */
async function depositThousands(request: APIRequestContext, player: ApiPlayer, times: number) {
  const auth = { Authorization: `Bearer ${player.token}` };
  await envelope(
    await request.post('/api/app/user/updateKyc', {
      headers: auth,
      data: { name: 'Rota Teste', cardNo: player.cpf },
    }),
  );
  const prices = await envelope<Array<{ pkgId: string; price: number }>>(
    await request.get('/api/app/order/getPrices?curreny=BRL', { headers: auth }),
  );
  const pkg = prices.find((p) => p.price === 1000)!;
  for (let i = 0; i < times; i++) {
    const order = await envelope<{ orderId: string; url: string }>(
      await request.post(`/api/app/order/prePay/${pkg.pkgId}`, {
        headers: { ...auth, 'Idempotency-Key': `adm-${Date.now()}-${i}` },
        form: { gift: '0', pkgId: pkg.pkgId, isapp: '0' },
      }),
    );
    const txid = order.url.split('/').pop()!;
    expect((await request.post(`/sandbox-psp/charges/${txid}/pay`, { data: {} })).ok()).toBe(true);
    await expect
      .poll(async () => {
        const s = await envelope<{ status: string }>(
          await request.get(`/api/app/order/getStatus/${order.orderId}`, { headers: auth }),
        );
        return s.status;
      })
      .toBe('10');
  }
}

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
  const socket = playerPage.waitForEvent('websocket');
  await playerPage.goto('/home');
  await (await socket).waitForEvent('framereceived', (f) => String(f.payload).startsWith('40'));
  await expect(playerPage.getByTestId('notice-bar')).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminScripts = scriptsOf(admin);
  await admin.goto('/admin');
  await admin.getByLabel('Usuário').fill(OPERATOR.username);
  await admin.getByLabel('Senha').fill(OPERATOR.pwd);
  // Production refuses a password-only sign-in before enrolment (TREVO_OPERATOR_TOTP=required).
  await admin.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(admin.getByRole('alert')).toHaveText('Cadastre o autenticador antes de entrar');
  await admin.getByRole('button', { name: 'Cadastrar autenticador' }).click();
  await expect(admin.getByRole('img', { name: 'QR code do autenticador' })).toBeVisible();
  const secret = (await admin.getByTestId('admin-totp-secret').textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // support.spec.ts signs in as the same operator after this enrolment.
  writeFileSync('.tmp/e2e-operator-totp.txt', secret);
  await admin.getByLabel('Código do autenticador (6 dígitos)').fill(totp(secret));
  await admin.getByRole('button', { name: 'Entrar', exact: true }).click();

  // finance work: the withdrawal with its risk signals, approved
  await expect(admin.getByRole('heading', { name: 'Saques aguardando aprovação' })).toBeVisible();
  const row = admin.getByTestId(`withdrawal-${withdrawal.id}`);
  await expect(row).toContainText('R$ 5.500,00');
  await expect(row).toContainText('Conta nova (0 dias)');
  await expect(row).toContainText('Depósito');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.getByText('Saque aprovado')).toBeVisible();
  await expect(row).toHaveCount(0);
  const operatorToken = await admin.evaluate(() => sessionStorage.getItem('trevo.operatorToken'));
  await expect
    .poll(
      async () => {
        const paid = await envelope<Array<{ id: string }>>(
          await request.get('/api/admin/withdrawals?status=paid', {
            headers: { Authorization: `Bearer ${operatorToken}` },
          }),
        );
        return paid.some((w) => w.id === withdrawal.id);
      },
      { timeout: 15_000 },
    )
    .toBe(true);

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
  await admin.getByRole('button', { name: new RegExp(player.cpf) }).click();
  await expect(admin.getByText(/^Saldo: R\$/)).toBeVisible();
  await expect(admin.getByText('Sessões abertas: 1')).toBeVisible();
  await admin.getByRole('button', { name: 'Encerrar sessões' }).click();
  await expect(admin.getByText('Sessões encerradas: 1')).toBeVisible();
  await expect(admin.getByText('Sessões abertas: 0')).toBeVisible();

  // finance report: today's deposits in the daily table
  await admin.getByRole('button', { name: 'Relatórios' }).click();
  await admin.getByRole('button', { name: 'Mostrar' }).click();
  await expect(admin.getByRole('cell', { name: 'R$ 6.000,00' })).toBeVisible();

  // The console is its own chunk: the admin page loaded it, the player's page never did.
  expect(adminScripts.some((u) => /\/admin-app-[\w-]+\.js$/.test(u))).toBe(true);
  expect(playerScripts.filter((u) => u.includes('admin'))).toEqual([]);
  await playerContext.close();
  await adminContext.close();
});
