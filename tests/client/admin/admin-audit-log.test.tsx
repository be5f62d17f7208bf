import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { AuditLog } from '../../../src/admin/admin-audit-log';
import { fakeAdminServer, ok } from './fake-admin-server';

/** Who did what (issue 19, item 6): the audit trail in words, searchable, exportable. */
const ROWS = [
  {
    seq: 12,
    at: '2026-03-13T02:30:00.000Z',
    actorId: 1,
    actor: 'caixa',
    action: 'withdrawal.reject',
    object: 'withdrawal:W1',
    before: '{"payoutState":"waiting_approval"}',
    after: '{"payoutState":"rejected","note":"Chave de outro titular"}',
    requestId: 'req-1',
  },
];

let requests: InternalAxiosRequestConfig[] = [];
installAdminTexts();
beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'finance-token');
  requests = fakeAdminServer((key) =>
    key.includes('format=csv') ? { status: 200, body: '"Sequência"\r\n' } : ok({ list: ROWS, total: 1 }),
  );
});
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  cleanup();
});

describe('the audit log', () => {
  it('lists actions in words with the code as small print, in São Paulo time', async () => {
    render(<AuditLog />);
    const table = await screen.findByTestId('admin-audit-log');
    expect(table.textContent).toContain('Saque recusado');
    expect(table.textContent).toContain('withdrawal.reject');
    expect(table.textContent).toContain('caixa');
    expect(table.textContent).toContain('12/03/2026, 23:30');
    expect(screen.getByRole('status').textContent).toBe('1 ação · página 1 de 1');
  });

  it('searches by operator and action family, and exports what it found', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = () => 'blob:audit';
    URL.revokeObjectURL = () => undefined;
    render(<AuditLog />);
    await screen.findByTestId('admin-audit-log');
    await user.type(screen.getByLabelText('Operador (usuário)'), 'caixa');
    await user.selectOptions(screen.getByLabelText('Ação'), 'withdrawal');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(requests.at(-1)!.url).toBe('/api/admin/audit?actor=caixa&action=withdrawal&page=1&size=50'),
    );
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(requests.at(-1)!.url).toBe('/api/admin/audit?actor=caixa&action=withdrawal&format=csv'),
    );
  });
});
