import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followRoundRoom as followRoom, type RoundSocketMessage } from '../../../src/services/rounds-api';
import { setSocketFactory, syncSocket } from '../../../src/services/socket';
import { FakeSocket } from '../support';

let sockets: FakeSocket[] = [];
/** Rooms a test followed: each test leaves its own, so no test starts inside another's room. */
const leaves: Array<() => void> = [];

function followRoundRoom(...args: Parameters<typeof followRoom>): () => void {
  const leave = followRoom(...args);
  leaves.push(leave);
  return leave;
}

beforeEach(() => {
  sockets = [];
  setSocketFactory((options) => {
    const s = new FakeSocket(options as Record<string, unknown>);
    sockets.push(s);
    return s as unknown as Socket;
  });
  syncSocket(null);
});

afterEach(() => {
  for (const leave of leaves.splice(0)) leave();
  syncSocket(null);
  setSocketFactory(null);
});

const joins = (s: FakeSocket) => s.emitted.filter(([event]) => event === 'game.join');

describe('followRoundRoom: the DOUBLE room', () => {
  it('joins on every (re)connect, not only on mount, and tells the machine to catch up', () => {
    syncSocket('tok');
    const socket = sockets[0]!;
    socket.connected = false;
    const seen: RoundSocketMessage[] = [];
    const leave = followRoundRoom('double', (m) => seen.push(m));
    // Not connected yet: nothing can be sent, the join waits for the connection.
    expect(joins(socket)).toEqual([]);

    socket.connected = true;
    socket.serverSends('connect', undefined);
    expect(joins(socket)).toEqual([['game.join', { game: 'double' }]]);

    socket.connected = false;
    socket.serverSends('disconnect', 'transport close');
    socket.connected = true;
    socket.serverSends('connect', undefined);
    expect(joins(socket)).toHaveLength(2);
    expect(seen.filter((m) => m.type === 'joined')).toHaveLength(2);

    // A new login opens a new socket: the room is joined on it too.
    syncSocket('tok-2');
    sockets[1]!.serverSends('connect', undefined);
    expect(joins(sockets[1]!)).toEqual([['game.join', { game: 'double' }]]);

    leave();
    expect(sockets[1]!.emitted.at(-1)).toEqual(['game.leave', { game: 'double' }]);
    sockets[1]!.serverSends('connect', undefined);
    expect(joins(sockets[1]!)).toHaveLength(1);
  });

  it('forwards only its own game’s round events', () => {
    syncSocket('tok');
    const seen: RoundSocketMessage[] = [];
    followRoundRoom('double', (m) => seen.push(m));
    const result = { result: 4, hash: 'ab12', sentAt: 1 };
    sockets[0]!.serverSends('round.result', { game: 'luckycolor', roundId: 'luckycolor-3', ...result });
    sockets[0]!.serverSends('round.result', { game: 'double', roundId: 'double-3', ...result });
    expect(seen).toEqual([{ type: 'result', roundId: 'double-3', result: 4 }]);
  });

  it('drops an event that breaks the domain schema instead of acting on it', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    syncSocket('tok');
    const seen: RoundSocketMessage[] = [];
    followRoundRoom('double', (m) => seen.push(m));
    sockets[0]!.serverSends('round.result', {
      game: 'double',
      roundId: 'double-4',
      result: 'red',
      hash: 'x',
      sentAt: 1,
    });
    sockets[0]!.serverSends('round.bets', { game: 'double', roundId: 'double-4', totals: { red: '10' } });
    sockets[0]!.serverSends('round.closed', { game: 'double', roundId: 'double-4' });
    expect(seen).toEqual([{ type: 'closed', roundId: 'double-4' }]);
    expect(reported).toHaveBeenCalledWith(expect.stringContaining('round.result dropped'), expect.anything());
    expect(reported).toHaveBeenCalledWith(expect.stringContaining('round.bets dropped'), expect.anything());
    expect(reported).not.toHaveBeenCalledWith(expect.stringContaining('round.closed'), expect.anything());
    reported.mockRestore();
  });
});
