import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/lib/i18n';
import { sessionStore } from '../../src/shell/app/session';
import { nextReminderIn, RealityCheck } from '../../src/shell/protection/reality-check';
import { installFakeServer, ok } from './support';

/** The reality-check reminder: due at every multiple of the interval since the session began. */

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => sessionStore.set({ token: null, userInfo: null }));
});

describe('nextReminderIn', () => {
  const start = '2026-11-22T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it('counts from the session start, not from the page load', () => {
    expect(nextReminderIn(start, 30, at('2026-11-22T10:00:00.000Z'))).toBe(30 * 60_000);
    expect(nextReminderIn(start, 30, at('2026-11-22T10:20:00.000Z'))).toBe(10 * 60_000);
    expect(nextReminderIn(start, 30, at('2026-11-22T10:30:00.000Z'))).toBe(30 * 60_000);
    expect(nextReminderIn(start, 30, at('2026-11-22T11:05:00.000Z'))).toBe(25 * 60_000);
  });
});

describe('the reminder', () => {
  // A returning browser (its device id stored): drawing one hashes with Web Crypto, which fake
  // timers do not advance.
  beforeEach(() => localStorage.setItem('deviceId', 'd'.repeat(64)));

  it('shows time played and the net result from the server when the interval comes round', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const startedAt = new Date(Date.now() - 14 * 60_000 - 59_000).toISOString();
    let calls = 0;
    installFakeServer((config) => {
      if (config.url === '/api/app/user/protection/session') {
        calls += 1;
        return ok({ startedAt, minutes: calls === 1 ? 14 : 75, net: -12.4, realityCheckMinutes: 15 });
      }
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
    act(() => sessionStore.set({ token: 't', userInfo: null }));
    render(
      <MemoryRouter>
        <RealityCheck />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    const dialog = await screen.findByTestId('reality-check');
    expect(dialog.textContent).toContain('Você está jogando há 1 h 15 min.');
    expect(screen.getByTestId('reality-check-net').textContent).toBe('R$ -12,40');
  });

  it('stays silent for a player without an interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeServer(() =>
      ok({ startedAt: new Date().toISOString(), minutes: 0, net: 0, realityCheckMinutes: null }),
    );
    act(() => sessionStore.set({ token: 't', userInfo: null }));
    render(
      <MemoryRouter>
        <RealityCheck />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    });
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});
