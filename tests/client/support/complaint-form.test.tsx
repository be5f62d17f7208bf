import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/lib/i18n';
import { configureApiClient } from '../../../src/services/api-client';
import { sessionStore } from '../../../src/shell/app/session';
import { Toast } from '../../../src/shell/overlays/dialogs-host';
import { ComplaintPage } from '../../../src/shell/support/complaint-page';
import { fail, installFakeServer, ok, userInfoFixture } from '../support';

/** `/complaint_form` (issue 7): validation in pt-BR, the protocol shown with a copy button. */

beforeEach(() => {
  configureApiClient({ alert: () => undefined, loading: () => undefined });
  // A visitor unless a test says otherwise: the worker's files share the session store, and a
  // session left by an earlier file hid the captcha (a flaky first test in a full run).
  localStorage.clear();
  sessionStore.set({ token: null, userInfo: null });
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.set({ token: null, userInfo: null }));
});

function renderPage() {
  return render(
    <MemoryRouter>
      <ComplaintPage />
      <Toast />
    </MemoryRouter>,
  );
}

const TEXT = 'Pedi um saque na segunda-feira e até agora o PIX não chegou.';

describe('the complaint form', () => {
  it('explains every problem in pt-BR and sends nothing', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok(null));
    renderPage();
    await user.type(screen.getByTestId('complaint-subject'), 'ok');
    await user.type(screen.getByTestId('complaint-text'), 'curto');
    await user.type(screen.getByTestId('complaint-contact'), 'ninguém');
    await user.click(screen.getByTestId('complaint-submit'));
    expect(screen.getByText('Informe o assunto (mínimo de 3 caracteres)')).toBeTruthy();
    expect(screen.getByText('Descreva o ocorrido com pelo menos 20 caracteres')).toBeTruthy();
    expect(screen.getByText('Informe um e-mail ou telefone com DDD')).toBeTruthy();
    expect(screen.getByText('Por favor verifique')).toBeTruthy();
    expect(server.requests.some((r) => r.url === '/api/app/main/complaint')).toBe(false);
  });

  it('a visitor files with the captcha and sees the protocol with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = installFakeServer((config) =>
      config.url === '/api/app/main/complaint'
        ? ok({ protocol: 'TRV-2026-000123' }, 'Reclamação registrada com o protocolo TRV-2026-000123')
        : ok(null),
    );
    renderPage();
    await user.type(screen.getByTestId('complaint-subject'), 'Saque atrasado');
    await user.type(screen.getByTestId('complaint-text'), TEXT);
    await user.type(screen.getByTestId('complaint-contact'), '(11) 98765-4321');
    await user.type(screen.getByTestId('complaint-captcha-input'), 'k7m2');
    await user.click(screen.getByTestId('complaint-submit'));

    expect((await screen.findByTestId('complaint-protocol')).textContent).toBe('TRV-2026-000123');
    const sent = JSON.parse(server.requests.find((r) => r.url === '/api/app/main/complaint')!.data as string);
    expect(sent).toMatchObject({
      subject: 'Saque atrasado',
      text: TEXT,
      contact: '(11) 98765-4321',
      captCode: 'k7m2',
    });
    expect(sent.codeId).toBeTruthy();
    await user.click(screen.getByTestId('complaint-copy'));
    expect(writeText).toHaveBeenCalledWith('TRV-2026-000123');
    expect(await screen.findByText('A cópia foi bem-sucedida')).toBeTruthy();
  });

  it('a player files without the captcha, contact filled with the e-mail; a refusal is shown inline', async () => {
    const user = userEvent.setup();
    act(() => sessionStore.set({ token: 'tok', userInfo: userInfoFixture() }));
    const server = installFakeServer(() =>
      fail(429, 429, 'Muitas solicitações. Aguarde um pouco e tente novamente'),
    );
    renderPage();
    expect(screen.queryByTestId('complaint-captcha-input')).toBeNull();
    expect((screen.getByTestId('complaint-contact') as HTMLInputElement).value).toBe('ana@example.com');
    await user.type(screen.getByTestId('complaint-subject'), 'Saque atrasado');
    await user.type(screen.getByTestId('complaint-text'), TEXT);
    await user.click(screen.getByTestId('complaint-submit'));
    expect((await screen.findByTestId('complaint-error')).textContent).toBe(
      'Muitas solicitações. Aguarde um pouco e tente novamente',
    );
    const sent = JSON.parse(server.requests.find((r) => r.url === '/api/app/main/complaint')!.data as string);
    expect(sent).not.toHaveProperty('captCode');
    expect(screen.queryByTestId('complaint-protocol')).toBeNull();
  });

  it('looks up a complaint by protocol and contact and shows the answer', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) =>
      config.url?.startsWith('/api/app/main/complaint/')
        ? ok({
            protocol: 'TRV-2026-000123',
            subject: 'Saque atrasado',
            status: 'answered',
            answer: 'Seu saque foi pago hoje.',
            createdAt: '2026-03-05T14:07:00.000Z',
            answeredAt: '2026-03-06T10:00:00.000Z',
          })
        : ok(null),
    );
    renderPage();
    await user.type(screen.getByTestId('complaint-lookup-protocol'), 'trv-2026-000123');
    await user.type(screen.getByTestId('complaint-lookup-contact'), '(11) 98765-4321');
    await user.click(screen.getByTestId('complaint-lookup'));
    const status = await screen.findByTestId('complaint-status');
    expect(status.textContent).toContain('Respondida');
    expect(status.textContent).toContain('Seu saque foi pago hoje.');
    const asked = server.requests.find((r) => r.url?.startsWith('/api/app/main/complaint/'))!;
    expect(asked.url).toBe('/api/app/main/complaint/TRV-2026-000123');
    expect(asked.params).toMatchObject({ contact: '(11) 98765-4321' });
  });
});
