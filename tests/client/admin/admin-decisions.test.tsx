import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { WithdrawalsPanel } from '../../../src/admin/admin-panels';
import { fakeAdminServer, ok } from './fake-admin-server';

/**
 * No money decision takes one click (issue 19, item 1): approving asks first, rejecting asks for a
 * reason that goes to the server as the withdrawal's note, and nothing is sent before "Confirmar".
 */
let requests: InternalAxiosRequestConfig[] = [];
function fakeServer(route: Parameters<typeof fakeAdminServer>[0]) {
  requests = fakeAdminServer(route);
}
const WAITING = [
  {
    id: 'W1',
    userId: 7,
    username: 'ana@exemplo.com.br',
    method: 'CPF',
    account: '52998224725',
    amount: 5500,
    fee: 0,
    payoutState: 'waiting_approval',
    createdAt: '2026-03-13T12:00:00.000Z',
    risk: null,
    holderName: 'Ana Souza',
    status: '00',
    note: '',
    decidedBy: null,
    firstApprovedBy: null,
    finishedAt: null,
  },
];
const posts = () => requests.filter((r) => r.method === 'post');

installAdminTexts();
beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'finance-token');
  fakeServer((key) => {
    if (key.startsWith('GET /api/admin/withdrawals')) return ok({ list: WAITING, total: 1 });
    if (key.endsWith('/approve')) return ok({ outcome: 'queued' });
    return ok(null);
  });
});
afterEach(() => cleanup());

describe('withdrawal decisions', () => {
  it('approve asks first, and "Cancelar" sends nothing', async () => {
    const user = userEvent.setup();
    render(<WithdrawalsPanel />);
    const row = await screen.findByTestId('withdrawal-W1');
    await user.click(within(row).getByRole('button', { name: 'Aprovar' }));
    expect(
      within(row)
        .getByRole('group')
        .textContent!.replace(/\u00a0/g, ' '),
    ).toContain('Aprovar o saque de R$ 5.500,00 para ana@exemplo.com.br? O valor será pago via PIX.');
    await user.click(within(row).getByRole('button', { name: 'Cancelar' }));
    expect(posts()).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Aprovar' }));
    await user.click(within(row).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(posts().map((r) => r.url)).toEqual(['/api/admin/withdrawals/W1/approve']));
  });

  it('reject waits for a reason and sends it as the note', async () => {
    const user = userEvent.setup();
    render(<WithdrawalsPanel />);
    const row = await screen.findByTestId('withdrawal-W1');
    await user.click(within(row).getByRole('button', { name: 'Recusar' }));
    const confirm = within(row).getByRole('button', { name: 'Confirmar' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(row).getByText('Escreva o motivo (ao menos 5 letras).')).toBeTruthy();
    await user.type(within(row).getByRole('textbox'), 'Chave PIX de outro titular');
    await user.click(confirm);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toBe('/api/admin/withdrawals/W1/reject');
    expect(JSON.parse(String(posts()[0]!.data))).toEqual({ note: 'Chave PIX de outro titular' });
  });

  it('a large withdrawal says when it awaits a second operator, and after a first approval', async () => {
    fakeServer((key) => {
      if (key.startsWith('GET /api/admin/withdrawals'))
        return ok({ list: [{ ...WAITING[0]!, amount: 25_000, firstApprovedBy: 'caixa' }], total: 1 });
      if (key.endsWith('/approve')) return ok({ outcome: 'firstApproval' });
      return ok(null);
    });
    const user = userEvent.setup();
    render(<WithdrawalsPanel />);
    expect((await screen.findByTestId('first-approval-W1')).textContent).toBe(
      'Aprovado por caixa; falta a aprovação de outro operador',
    );
    const row = screen.getByTestId('withdrawal-W1');
    await user.click(within(row).getByRole('button', { name: 'Aprovar' }));
    await user.click(within(row).getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByText(
        'Primeira aprovação registrada: outro operador precisa aprovar para o saque ser pago',
      ),
    ).toBeTruthy();
  });
});
