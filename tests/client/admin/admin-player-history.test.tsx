import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { PlayerHistory } from '../../../src/admin/admin-player-history';
import { fakeAdminServer, ok } from './fake-admin-server';

/** A player's history in the profile (issue 19, item 3): what they did, in words, page by page. */
const WITHDRAWAL = {
  id: 'W9',
  userId: 7,
  username: 'ana@exemplo.com.br',
  method: 'CPF',
  account: '52998224725',
  holderName: 'Ana Souza',
  amount: 5200,
  fee: 0,
  status: '01',
  payoutState: 'rejected',
  note: 'Chave PIX de outro titular',
  decidedBy: 'caixa',
  firstApprovedBy: null,
  createdAt: '2026-03-13T15:00:00.000Z',
  finishedAt: '2026-03-13T16:00:00.000Z',
  risk: null,
};
const DEPOSIT = {
  id: 'D1',
  pkgId: 'custom',
  amount: 75.5,
  gift: 0,
  status: '01',
  note: 'limite de depósito excedido: devolvido',
  txid: 'abc',
  endToEndId: 'E123',
  createdAt: '2026-03-13T15:00:00.000Z',
  paidAt: null,
};
const BET = {
  id: 'B1',
  game: 'dice',
  amount: 2,
  payout: 3.96,
  multiplier: 1.98,
  status: 'settled',
  createdAt: '2026-03-13T15:00:00.000Z',
};

let requests: InternalAxiosRequestConfig[] = [];
installAdminTexts();
beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'support-token');
  requests = fakeAdminServer((key) => {
    if (key.includes('kind=withdrawals')) return ok({ list: [WITHDRAWAL], total: 45 });
    if (key.includes('kind=deposits')) return ok({ list: [DEPOSIT], total: 1 });
    if (key.includes('kind=casino')) return ok({ list: [BET], total: 1 });
    return ok({ list: [], total: 0 });
  });
});
afterEach(() => cleanup());

describe("a player's history", () => {
  it('opens on withdrawals in words, and pages', async () => {
    const user = userEvent.setup();
    render(<PlayerHistory playerId={7} />);
    const table = await screen.findByTestId('admin-history-withdrawals');
    expect(table.textContent).toContain('Recusado (valor devolvido)');
    expect(table.textContent).toContain('Chave PIX de outro titular');
    expect(table.textContent).toContain('Decidido por: caixa');
    expect(screen.getByText('Página 1 de 3 · 45 registros')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() =>
      expect(requests.at(-1)!.url).toBe('/api/admin/players/7/history?kind=withdrawals&page=2&size=20'),
    );
  });

  it('shows deposits, casino bets and an empty sports history in words', async () => {
    const user = userEvent.setup();
    render(<PlayerHistory playerId={7} />);
    await screen.findByTestId('admin-history-withdrawals');
    await user.click(screen.getByRole('tab', { name: 'Depósitos' }));
    const deposits = await screen.findByTestId('admin-history-deposits');
    expect(deposits.textContent).toContain('Cancelado ou devolvido');
    expect(deposits.textContent).toContain('limite de depósito excedido: devolvido');
    expect(deposits.textContent).toContain('Valor livre');
    await user.click(screen.getByRole('tab', { name: 'Cassino' }));
    const casino = await screen.findByTestId('admin-history-casino');
    expect(casino.textContent).toContain('DICE');
    expect(casino.textContent).toContain('Ganhou 1,98×');
    await user.click(screen.getByRole('tab', { name: 'Esportes' }));
    expect(await screen.findByText('Nada registrado')).toBeTruthy();
  });
});
