import { act, cleanup, render, screen } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveFeed } from '../../../src/games/shared/hud/bet-lists';
import { setLanguage } from '../../../src/lib/i18n';
import { setSocketFactory, syncSocket } from '../../../src/services/socket';
import { FakeSocket } from '../support';

/** The live feed under a table holds the player's own bets of that game until the round has played. */

let socket: FakeSocket | null = null;

beforeEach(async () => {
  await setLanguage('pt_BR');
  // Files share this module in a worker: a socket an earlier file left open for 'tok' would be
  // kept by syncSocket('tok') below, and this file's fake never made (seen on a fresh-clone run).
  syncSocket(null);
  setSocketFactory((options) => {
    socket = new FakeSocket(options as Record<string, unknown>);
    return socket as unknown as Socket;
  });
  syncSocket('tok');
});

afterEach(() => {
  cleanup();
  syncSocket(null);
  setSocketFactory(null);
  socket = null;
});

const push = (player: string, game: string, payout: number) =>
  act(() => socket!.serverSends('bets.feed', { game, player, amount: 1, multiplier: payout, payout }));

/** The feed's players, newest first. */
const rows = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.children[1]!.textContent);

describe('the live feed under a table', () => {
  it("holds the player's own win until the rocket has landed, and lets others' through", () => {
    const { rerender } = render(
      <LiveFeed gameKey="limbo" player="ana.souza@example.com" concealed={false} />,
    );
    rerender(<LiveFeed gameKey="limbo" player="ana.souza@example.com" concealed />);
    // The server settled the player's bet while the rocket still climbs.
    push('an***@e***', 'limbo', 3.82);
    push('jo***@g***', 'limbo', 2);
    expect(rows()).toEqual(['jo***@g***']);
    expect(screen.queryByText('R$ 3,82')).toBeNull();

    // The round has played out: the player's bet joins the feed on top.
    rerender(<LiveFeed gameKey="limbo" player="ana.souza@example.com" concealed={false} />);
    expect(rows()).toEqual(['an***@e***', 'jo***@g***']);
    expect(screen.getByText('R$ 3,82')).toBeTruthy();
  });

  it("shows the player's bets of another game, and their bets between rounds, at once", () => {
    const { rerender } = render(<LiveFeed gameKey="limbo" player="ana.souza@example.com" concealed />);
    push('an***@e***', 'dice', 1.98);
    expect(rows()).toEqual(['an***@e***']);
    rerender(<LiveFeed gameKey="limbo" player="ana.souza@example.com" concealed={false} />);
    push('an***@e***', 'limbo', 2);
    expect(rows()).toEqual(['an***@e***', 'an***@e***']);
  });
});
