import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameRecord } from '../../../src/services/games-api';

const fetchGameRecords = vi.fn<(size?: number) => Promise<GameRecord[]>>();
const asked: unknown[][] = [];
vi.mock('../../../src/services/games-api', () => ({
  fetchGameRecordsPage: async (game: string, page: number, size: number, options?: unknown) => {
    asked.push([game, page, size, options]);
    return { list: await fetchGameRecords(size), total: 0, page, size };
  },
}));

const { RecentBets } = await import('../../../src/games/shared/hud/bet-lists');
const { MessRow } = await import('../../../src/shell/pages/game-record-row');

const record = (id: string, result: number): GameRecord => ({
  id,
  game: 'double',
  amount: 2,
  payout: 0,
  multiplier: 0,
  status: 'settled',
  params: { color: 'black' },
  outcome: { result },
  roundId: `R${id}`,
  fairness: null,
  createdAt: '2026-12-06T12:00:00.000Z',
});

beforeEach(() => {
  vi.useFakeTimers();
  fetchGameRecords.mockReset();
  asked.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const settle = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('the player’s bets under a table', () => {
  it('waits while the round plays out, then shows it: the list never tells a result the reel has not', async () => {
    fetchGameRecords.mockResolvedValue([record('1', 7)]);
    const { rerender } = render(<RecentBets gameKey="double" refreshKey="a" />);
    await settle(500);
    expect(fetchGameRecords).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('row')).toHaveLength(2);

    // The server settled round 2 (the key changes) while the reel still rolls: nothing is asked.
    fetchGameRecords.mockResolvedValue([record('2', 14), record('1', 7)]);
    rerender(<RecentBets gameKey="double" refreshKey="b" concealed />);
    await settle(5_000);
    expect(fetchGameRecords).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('row')).toHaveLength(2);

    // The reel stopped: the list catches up.
    rerender(<RecentBets gameKey="double" refreshKey="b" concealed={false} />);
    await settle(500);
    expect(fetchGameRecords).toHaveBeenCalledTimes(2);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it("asks the server for this game's bets, so bets at other tables never crowd them out", async () => {
    fetchGameRecords.mockResolvedValue([record('1', 7)]);
    render(<RecentBets gameKey="double" refreshKey="a" />);
    await settle(500);
    expect(asked).toEqual([['double', 1, 15, { quiet: true }]]);
  });

  it('drops a refresh that was waiting when a round starts playing', async () => {
    fetchGameRecords.mockResolvedValue([record('1', 7)]);
    const { rerender } = render(<RecentBets gameKey="double" refreshKey="a" />);
    await settle(100);
    rerender(<RecentBets gameKey="double" refreshKey="a" concealed />);
    await settle(2_000);
    expect(fetchGameRecords).not.toHaveBeenCalled();
  });

  it('shows a stake given back by a cancelled round as given back, not as a prize', async () => {
    const refunded = { ...record('3', 0), status: 'cancelled', payout: 2, outcome: null };
    fetchGameRecords.mockResolvedValue([refunded, { ...record('1', 7), payout: 4, multiplier: 2 }]);
    render(<RecentBets gameKey="double" refreshKey="a" />);
    await settle(500);
    const [, back, won] = screen.getAllByRole('row');
    expect(back!.className).toBe('is-refund');
    expect(back!.textContent).toContain('Devolvida');
    expect(won!.className).toBe('is-win');
    cleanup();
    render(<MessRow record={refunded} locale="pt-BR" />);
    expect(screen.getByTestId('mess-row').textContent).toContain('Devolvida: R$ 2,00');
    expect(screen.getByTestId('mess-row').textContent).not.toContain('Ganhou');
  });
});
