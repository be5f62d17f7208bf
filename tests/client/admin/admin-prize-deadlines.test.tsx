import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/lib/i18n';
import { adminHttp, OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import {
  clockSpan,
  PrizeDeadlinesPanel,
  urgency,
  type PrizeDeadlines,
} from '../../../src/admin/admin-prize-deadlines';

installAdminTexts();

const MINUTE = 60_000;

/** The server's answer, its clock set to this moment (as the real server's `now` would be). */
function deadlines(): PrizeDeadlines {
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  return {
    now: iso(now),
    deadlineMinutes: 120,
    waiting: [
      {
        betId: 'SB-OVERDUE',
        userId: 7,
        username: 'ana@exemplo.com.br',
        state: 'exception',
        stake: 10,
        potentialReturn: 21.5,
        fixtureId: 'fx-1',
        fixtures: [{ id: 'fx-1', label: 'Palmeiras x Santos', endedAt: iso(now - 130 * MINUTE) }],
        endedAt: iso(now - 130 * MINUTE),
        dueAt: iso(now - 10 * MINUTE),
        minutesLeft: -10,
        level: 'breached',
        breachedAt: iso(now - 9 * MINUTE),
      },
      {
        betId: 'SB-SOON',
        userId: 8,
        username: 'bia@exemplo.com.br',
        state: 'open',
        stake: 5,
        potentialReturn: 9,
        fixtureId: 'fx-2',
        fixtures: [{ id: 'fx-2', label: 'Grêmio x Bahia', endedAt: iso(now - 100 * MINUTE) }],
        endedAt: iso(now - 100 * MINUTE),
        dueAt: iso(now + 20 * MINUTE),
        minutesLeft: 20,
        level: 'warned',
        breachedAt: null,
      },
    ],
    breaches: [
      {
        betId: 'SB-OVERDUE',
        userId: 7,
        username: 'ana@exemplo.com.br',
        fixtureId: 'fx-1',
        state: 'exception',
        endedAt: iso(now - 130 * MINUTE),
        dueAt: iso(now - 10 * MINUTE),
        breachedAt: iso(now - 9 * MINUTE),
        resolvedAt: null,
        resolution: null,
        minutesLate: 10,
      },
    ],
  };
}

let requests: InternalAxiosRequestConfig[] = [];
function fakeServer(answer: () => { status: number; body: unknown }) {
  requests = [];
  adminHttp.defaults.adapter = async (config) => {
    requests.push(config);
    const { status, body } = answer();
    const response = { data: body, status, statusText: '', headers: new AxiosHeaders(), config, request: {} };
    if (status < 300) return response;
    throw new AxiosError('fail', AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
}

beforeEach(() => sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'trader-token'));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('prize deadlines in the console', () => {
  it('lists waiting prizes most urgent first with a live countdown, red once overdue, and opens a fixture', async () => {
    fakeServer(() => ({ status: 200, body: { status: 200, message: 'sucesso', data: deadlines() } }));
    const open = vi.fn();
    const user = userEvent.setup();
    render(<PrizeDeadlinesPanel onOpenFixture={open} />);
    const table = await screen.findByRole('table', { name: 'Prêmios aguardando pagamento' });
    const rows = within(table).getAllByTestId('admin-prize');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'SB-OVERDUEana@exemplo.com.br',
      'SB-SOONbia@exemplo.com.br',
    ]);
    expect(rows[0]!.className).toContain('admin-prize--overdue');
    expect(rows[0]!.textContent).toMatch(/vencido há 0:(10:0\d|09:5\d)/);
    expect(rows[0]!.textContent).toContain('Em análise: falta o resultado');
    expect(rows[0]!.textContent).toContain('descumprimento registrado');
    expect(rows[1]!.className).toContain('admin-prize--warned');
    const first = rows[1]!.querySelector('strong')!.textContent!;
    expect(first).toMatch(/^faltam 0:(20:00|19:5\d)$/);
    expect(rows[1]!.textContent).toContain('Não liquidada');
    expect(requests[0]!.url).toBe('/api/admin/sports/prize-deadlines');
    expect(String(requests[0]!.headers.Authorization)).toBe('Bearer trader-token');

    // The countdown runs between reads.
    await waitFor(() => expect(rows[1]!.querySelector('strong')!.textContent).not.toBe(first), {
      timeout: 3_000,
    });

    await user.click(
      screen.getByRole('button', { name: 'Abrir Palmeiras x Santos para lançar o resultado' }),
    );
    expect(open).toHaveBeenCalledWith('fx-1');

    const breaches = screen.getByRole('table', { name: 'Prazos descumpridos' });
    expect(within(breaches).getAllByRole('row')[1]!.textContent).toContain('ainda em aberto');
  });

  it('says when nothing waits and no deadline was missed, and shows the server’s refusal', async () => {
    fakeServer(() => ({
      status: 200,
      body: {
        status: 200,
        message: 'sucesso',
        data: { now: new Date().toISOString(), deadlineMinutes: 120, waiting: [], breaches: [] },
      },
    }));
    render(<PrizeDeadlinesPanel />);
    expect(await screen.findByText('Nenhum prêmio aguardando')).toBeTruthy();
    expect(screen.getByText('Nenhum prazo descumprido')).toBeTruthy();
    cleanup();

    fakeServer(() => ({
      status: 403,
      body: { status: 403, message: 'Seu perfil não permite esta ação', data: null },
    }));
    render(<PrizeDeadlinesPanel />);
    expect((await screen.findByRole('status')).textContent).toBe('Seu perfil não permite esta ação');
  });

  it('escalates as the server does: an hour left, fifteen minutes left, overdue', () => {
    const now = Date.UTC(2026, 2, 11, 12, 0);
    const due = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
    expect(urgency(due(61), now)).toBe('waiting');
    expect(urgency(due(60), now)).toBe('warned');
    expect(urgency(due(15), now)).toBe('urgent');
    expect(urgency(due(0), now)).toBe('overdue');
    expect(clockSpan(-(62 * MINUTE + 5_000))).toBe('1:02:05');
  });
});
