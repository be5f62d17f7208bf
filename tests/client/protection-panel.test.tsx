import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/lib/i18n';
import { alertStore } from '../../src/shell/app/dialogs';
import { setNavigator } from '../../src/shell/app/navigation';
import { sessionStore } from '../../src/shell/app/session';
import { AlertDialog, Toast } from '../../src/shell/overlays/dialogs-host';
import { ProtectionPanel } from '../../src/shell/pages/protection-panel';
import { installFakeServer, ok, userInfoFixture } from './support';

/** "Jogo responsável" in /conta: limits shown as bars, set through the server; a break logs out. */

afterEach(() => {
  cleanup();
  act(() => sessionStore.set({ token: null, userInfo: null }));
  alertStore.set([]);
});

const DEPOSIT_DAY = { kind: 'deposit', period: 'day', amount: 100, used: 50, pending: null };

function renderPanel() {
  return render(
    <MemoryRouter>
      <ProtectionPanel />
      <AlertDialog />
      <Toast />
    </MemoryRouter>,
  );
}

describe('the responsible-gaming panel', () => {
  it('shows each limit with the share used, and sends a new limit in BRL', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) => {
      if (config.url === '/api/app/user/protection') return ok({ limits: [DEPOSIT_DAY] });
      if (config.url === '/api/app/user/protection/limit') {
        return ok(
          {
            limits: [DEPOSIT_DAY, { kind: 'loss', period: 'week', amount: 250.5, used: 0, pending: null }],
          },
          'Limite aplicado',
        );
      }
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
    renderPanel();

    const row = await screen.findByTestId('limit-deposit-day');
    expect(row.textContent).toContain('Depósito · Diário');
    expect(row.textContent).toContain('Usado: R$ 50,00 de R$ 100,00');
    expect(row.querySelector('[role="meter"] > span')?.getAttribute('style')).toContain('width: 50%');

    await user.selectOptions(screen.getByTestId('limit-kind'), 'loss');
    await user.selectOptions(screen.getByTestId('limit-period'), 'week');
    await user.type(screen.getByTestId('limit-amount'), '250,50');
    await user.click(screen.getByTestId('limit-save'));

    await screen.findByTestId('limit-loss-week');
    const sent = server.requests.find((r) => r.url === '/api/app/user/protection/limit')!;
    expect(JSON.parse(sent.data as string)).toEqual({ kind: 'loss', period: 'week', amount: 250.5 });
    expect(await screen.findByText('Limite aplicado')).toBeTruthy();
  });

  it('refuses a bad amount before calling the server', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) =>
      config.url === '/api/app/user/protection' ? ok({ limits: [] }) : ok(null),
    );
    renderPanel();
    await screen.findByText('Nenhum limite definido.');
    await user.type(screen.getByTestId('limit-amount'), 'muito');
    await user.click(screen.getByTestId('limit-save'));
    expect(await screen.findByText('Informe um valor em reais, por exemplo 100,00')).toBeTruthy();
    expect(server.requests.some((r) => r.url === '/api/app/user/protection/limit')).toBe(false);
  });

  it('a break is confirmed with the password, then the session ends and the player lands home', async () => {
    const user = userEvent.setup();
    const paths: string[] = [];
    setNavigator((to) => paths.push(to));
    sessionStore.set({ token: 'tok', userInfo: userInfoFixture() });
    const server = installFakeServer((config) =>
      config.url === '/api/app/user/protection'
        ? ok({ limits: [] })
        : ok(null, 'Pronto. Sua conta está em pausa e você foi desconectado'),
    );
    renderPanel();
    await screen.findByText('Nenhum limite definido.');

    await user.selectOptions(screen.getByTestId('exclusion-length'), '1');
    expect((screen.getByTestId('exclusion-start') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('exclusion-password'), 'Trevo#Forte2026');
    await user.click(screen.getByTestId('exclusion-start'));
    expect(screen.getByRole('alert').textContent).toContain('bloqueada por 7 dias');
    await user.click(screen.getByTestId('exclusion-confirm'));

    await waitFor(() => expect(sessionStore.get().token).toBeNull());
    const sent = server.requests.find((r) => r.url === '/api/app/user/protection/exclusion')!;
    expect(JSON.parse(sent.data as string)).toEqual({ kind: 'cooloff', hours: 168, pwd: 'Trevo#Forte2026' });
    expect(paths).toContain('/home');
    expect(await screen.findByText('Pronto. Sua conta está em pausa e você foi desconectado')).toBeTruthy();
  });
});
