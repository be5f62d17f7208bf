import { expect, test } from '@playwright/test';
import { createOperator, signInConsole } from './operator-support';
import { fundPlayer, registerPlayer, useSession } from './support';

/** A 1×1 PNG: a real image the console can show. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Identity documents end to end (issue 19): a player sends front, back and a selfie from the
 * account page on a phone-sized screen, the review waits; a support operator sees the three images
 * in the console and approves them; the player's form then says so.
 */
test('a player sends identity documents from a phone and support approves them in the console', async ({
  browser,
  request,
}) => {
  const player = await registerPlayer(request, 'docs');
  await fundPlayer(request, player);

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await useSession(phone, player.token);
  await phone.goto('/conta');
  await phone.getByTestId('account-kyc-documents').click();
  const docs = phone.getByTestId('kyc-documents');
  await expect(docs.getByTestId('kyc-review')).toHaveText('Envie os três arquivos para análise.');
  // the amount is the operator's (this run's configuration raises it; the server tests hold the default)
  await expect(docs).toContainText(/Para saques acima de R\$ [\d.]+,\d{2}, envie a frente e o verso/);
  for (const [side, label] of [
    ['front', 'Frente do documento'],
    ['back', 'Verso do documento'],
    ['selfie', 'Selfie com o documento'],
  ] as const) {
    await docs.getByLabel(label).setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(docs.getByTestId(`kyc-doc-${side}`)).toContainText('Enviado em');
  }
  await expect(docs.getByTestId('kyc-review')).toHaveText('Em análise: avisaremos quando terminar.');

  // The home address beside the documents: the CEP takes its hyphen as it is typed.
  const address = docs.getByTestId('kyc-address');
  await address.getByTestId('address-cep').fill('01310100');
  await expect(address.getByTestId('address-cep')).toHaveValue('01310-100');
  await address.getByTestId('address-street').fill('Avenida Paulista');
  await address.getByTestId('address-number').fill('1000');
  await address.getByTestId('address-complement').fill('Apto 12');
  await address.getByTestId('address-district').fill('Bela Vista');
  await address.getByTestId('address-city').fill('São Paulo');
  await address.getByTestId('address-uf').selectOption('SP');
  await address.getByTestId('address-save').click();
  await expect(phone.getByText('Endereço salvo')).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('kyc-address-390.png'), fullPage: true });

  const desk = await browser.newPage();
  await signInConsole(desk, await createOperator(request, 'support'), 'Documentos');
  await desk.getByRole('button', { name: 'Documentos' }).click();
  const kase = desk.locator('article', { hasText: player.email });
  await expect(kase.getByRole('img')).toHaveCount(3);
  await expect(kase).toContainText(
    'Avenida Paulista, 1000 – Apto 12 · Bela Vista · São Paulo/SP · CEP 01310-100',
  );
  for (const img of await kase.getByRole('img').all()) {
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  }
  await kase.getByRole('button', { name: 'Aprovar documentos' }).click();
  await kase.getByRole('button', { name: 'Confirmar' }).click();
  await expect(desk.getByText('Documentos aprovados.')).toBeVisible();
  await expect(kase).toHaveCount(0);

  await phone.reload();
  await phone.getByTestId('account-kyc-documents').click();
  await expect(phone.getByTestId('kyc-review')).toHaveText('Documentos aprovados.');
  await phone.close();
  await desk.close();
});
