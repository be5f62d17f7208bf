import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { ReportsPanel } from '../../../src/admin/admin-people-panels';
import { fakeAdminServer, ok } from './fake-admin-server';

/**
 * Relatórios (issue 19, item 5): the report opens with the last seven São Paulo days already shown,
 * even late in a São Paulo evening when the UTC date is tomorrow's.
 */
let requests: InternalAxiosRequestConfig[] = [];
const DAY = {
  day: '2026-11-28',
  casinoStakes: 100,
  casinoPayouts: 50,
  casinoGgr: 50,
  sportsStakes: 0,
  sportsPayouts: 0,
  sportsGgr: 0,
  deposits: 200,
  withdrawals: 0,
  newPlayers: 1,
  firstDeposits: 1,
};

installAdminTexts();
beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'finance-token');
  requests = fakeAdminServer((key) => (key.startsWith('GET /api/admin/reports/daily') ? ok([DAY]) : ok([])));
  // 23:13 in São Paulo on the 28th is 02:13 UTC on the 29th.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T02:13:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('reports', () => {
  it('shows the last seven São Paulo days on opening, with days written as Brazilians write them', async () => {
    render(<ReportsPanel />);
    expect(await screen.findByText('28/11/2026')).toBeTruthy();
    const daily = requests.find((r) => r.url!.startsWith('/api/admin/reports/daily'))!;
    expect(daily.url).toContain('from=2026-11-22');
    expect(daily.url).toContain('to=2026-11-28');
    await waitFor(() => expect((screen.getByLabelText('Até') as HTMLInputElement).value).toBe('2026-11-28'));
  });
});
