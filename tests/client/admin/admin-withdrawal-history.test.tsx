import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { WithdrawalsDesk } from '../../../src/admin/admin-withdrawal-history';
import { fakeAdminServer, ok } from './fake-admin-server';

/**
 * The withdrawal history (issue 19: "cadê meu saque?"): every withdrawal, decided ones included,
 * found by what support and finance know, each saying in words where the money is and why.
 */
const row = (id: string, extra: Record<string, unknown>) => ({
  id,
  userId: 7,
  username: 'ana@exemplo.com.br',
  method: 'CPF',
  account: '52998224725',
  holderName: 'Ana Souza',
  amount: 5200,
  fee: 0,
  status: '01',
  payoutState: 'rejected',
  note: '',
  decidedBy: null,
  firstApprovedBy: null,
  createdAt: '2026-03-13T02:30:00.000Z',
  finishedAt: null,
  risk: null,
  ...extra,
});
const HISTORY = [
  row('W2', { payoutState: 'rejected', note: 'Chave PIX de outro titular', decidedBy: 'caixa' }),
  row('W1', { payoutState: 'paid', status: '10', amount: 120, finishedAt: '2026-03-13T02:31:00.000Z' }),
];

let requests: InternalAxiosRequestConfig[] = [];
const searches = () =>
  requests
    .filter((r) => r.method === 'get' && r.url!.startsWith('/api/admin/withdrawals'))
    .map((r) => r.url!);

installAdminTexts();
beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'finance-token');
  requests = fakeAdminServer((key) =>
    key.includes('status=waiting_approval') ? ok({ list: [], total: 0 }) : ok({ list: HISTORY, total: 120 }),
  );
});
afterEach(() => cleanup());

describe('the withdrawal history', () => {
  it('lists decided withdrawals in words, with who decided, why, and São Paulo times', async () => {
    const user = userEvent.setup();
    render(<WithdrawalsDesk />);
    await user.click(screen.getByRole('tab', { name: 'Histórico de saques' }));
    const rejected = await screen.findByTestId('withdrawal-history-W2');
    const text = rejected.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Recusado (valor devolvido)');
    expect(text).toContain('Chave PIX de outro titular');
    expect(text).toContain('caixa');
    expect(text).toContain('R$ 5.200,00');
    // 02:30 UTC on the 13th is 23:30 on the 12th in São Paulo, whatever the browser's zone.
    expect(text).toContain('12/03/2026, 23:30');
    const paid = screen.getByTestId('withdrawal-history-W1').textContent!;
    expect(paid).toContain('Pago');
    expect(paid).toContain('automático');
    expect(screen.getByRole('status').textContent).toBe('120 saques encontrados · página 1 de 3');
  });

  it('sends the filters as typed and pages through the results', async () => {
    const user = userEvent.setup();
    render(<WithdrawalsDesk />);
    await user.click(screen.getByRole('tab', { name: 'Histórico de saques' }));
    await screen.findByTestId('withdrawal-history-W2');
    await user.type(screen.getByLabelText('Jogador, CPF, chave PIX ou nº do saque'), '529.982.247-25');
    await user.selectOptions(screen.getByLabelText('Situação'), 'Recusado (valor devolvido)');
    await user.type(screen.getByLabelText('Valor mínimo (R$)'), '5000,50');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(searches().at(-1)).toBe(
        '/api/admin/withdrawals?status=rejected&q=529.982.247-25&min=5000%2C50&page=1&size=50',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(searches().at(-1)).toContain('&page=2&size=50'));
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(searches().at(-1)).toBe('/api/admin/withdrawals?page=1&size=50'));
    expect((screen.getByLabelText('Jogador, CPF, chave PIX ou nº do saque') as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('keeps the approval queue one tab away', async () => {
    const user = userEvent.setup();
    render(<WithdrawalsDesk />);
    expect(await screen.findByText('Nenhum saque aguardando aprovação')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Histórico de saques' }));
    const tabs = screen.getByRole('tablist');
    expect(within(tabs).getByRole('tab', { name: 'Histórico de saques' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Fila de aprovação' }));
    expect(await screen.findByText('Saques aguardando aprovação')).toBeTruthy();
  });
});
