import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY, type PlayerProfile } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { LedgerPanel } from '../../../src/admin/admin-ledger-panel';
import { PlayerCare } from '../../../src/admin/admin-player-care';
import { fakeAdminServer, ok } from './fake-admin-server';

/** The ledger section and a player's care block, against answers shaped like the server's. */

let requests: InternalAxiosRequestConfig[] = [];
function fakeServer(route: Parameters<typeof fakeAdminServer>[0]) {
  requests = fakeAdminServer(route);
}

installAdminTexts();
beforeEach(() => sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'finance-token'));
afterEach(() => cleanup());

describe('ledger panel', () => {
  it('shows accounts, runs the audit and lists reconciliation problems first', async () => {
    fakeServer((key) => {
      if (key === 'GET /api/admin/ledger/accounts')
        return ok([
          { kind: 'house_game', house: true, accounts: 1, balance: -120.5 },
          { kind: 'user_cash', house: false, accounts: 3, balance: 120.5 },
        ]);
      if (key === 'POST /api/admin/ledger/audit') return ok({ sound: true, problems: [] });
      if (key.startsWith('GET /api/admin/ledger/reconciliation'))
        return ok({
          provider: 'sandbox',
          checked: 2,
          issues: 1,
          rows: [
            {
              kind: 'deposit',
              id: 'A1',
              userId: 1,
              amount: 100,
              state: '10',
              provider: 'CONCLUIDA',
              ledger: '100.00',
              verdict: 'ok',
            },
            {
              kind: 'deposit',
              id: 'B2',
              userId: 2,
              amount: 50,
              state: '00',
              provider: 'CONCLUIDA',
              ledger: '—',
              verdict: 'paidNotCredited',
            },
          ],
        });
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
    const user = userEvent.setup();
    render(<LedgerPanel />);
    const accounts = await screen.findByTestId('admin-ledger-accounts');
    // Words, with the code as small print (issue 19, item 4)
    expect(await within(accounts).findByText('Casa: cassino')).toBeTruthy();
    expect(within(accounts).getByText('house_game').tagName).toBe('SMALL');
    expect(within(accounts).getByText('Saldo em dinheiro')).toBeTruthy();
    await user.click(screen.getByTestId('admin-ledger-audit'));
    expect(await screen.findByText('Razão íntegro: todas as verificações passaram')).toBeTruthy();

    await user.click(screen.getByTestId('admin-reconcile'));
    expect(await screen.findByText('2 operações conferidas com sandbox: 1 com divergência')).toBeTruthy();
    const rows = within(screen.getByTestId('admin-reconciliation')).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Pago no PSP e não creditado');
    expect(rows[0]!.getAttribute('data-verdict')).toBe('paidNotCredited');
  });
});

describe('player care', () => {
  const profile: PlayerProfile = {
    id: 7,
    username: 'ana@exemplo.com.br',
    name: 'Ana',
    cpf: '52998224725',
    inviteCode: 'ABC123',
    vip: 1,
    kyc: 1,
    kycReview: 'none',
    createdAt: '2026-11-01T12:00:00Z',
    phone: '',
    birthDate: null,
    balances: { cash: 10, bonus: 0, withdrawalHold: 0 },
    sessions: [],
    locked: null,
    limits: [{ kind: 'deposit', period: 'week', amount: 500, used: 120, pending: null }],
    exclusion: null,
    notes: [{ id: 1, text: 'Pediu prazo', operator: 'operador', createdAt: '2026-11-20T12:00:00Z' }],
  };

  it('locks with a reason and adds a note, then reloads the profile', async () => {
    let reloads = 0;
    fakeServer((key) => {
      if (key === 'POST /api/admin/players/7/lock') return ok({ locked: true, ended: 1 });
      if (key === 'POST /api/admin/players/7/notes') return ok({ id: 2 });
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
    const user = userEvent.setup();
    render(<PlayerCare profile={profile} onChanged={async () => void (reloads += 1)} />);
    expect(screen.getByText('Pediu prazo')).toBeTruthy();
    // the player's own limit in words, not "deposit · week"
    expect(screen.getByText(/Depósito · por semana/)).toBeTruthy();
    const lock = screen.getByRole('button', { name: 'Bloquear conta' });
    expect((lock as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('admin-lock-reason'), 'Conta compartilhada');
    await user.click(lock);
    expect(await screen.findByText('Conta bloqueada; as sessões do jogador foram encerradas')).toBeTruthy();
    expect(JSON.parse(requests[0]!.data as string)).toEqual({ reason: 'Conta compartilhada' });

    await user.type(screen.getByTestId('admin-note-text'), 'Ligou de novo');
    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    expect(await screen.findByText('Anotação salva')).toBeTruthy();
    expect(JSON.parse(requests[1]!.data as string)).toEqual({ text: 'Ligou de novo' });
    expect(reloads).toBe(2);
  });
});
