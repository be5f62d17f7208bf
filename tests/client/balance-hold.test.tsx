import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { balanceHoldStore, useHeldBalance } from '../../src/services/balance-hold';
import { useStore } from '../../src/lib/store';

/** A game's draw holds the shown balance, in the game and in the header, until the draw ends. */

afterEach(() => cleanup());

function Game({
  holding,
  balance,
  publish = true,
}: {
  holding: boolean;
  balance: number;
  publish?: boolean;
}) {
  return <p data-testid="game">{useHeldBalance(holding, balance, publish)}</p>;
}
function HeaderBalance({ balance }: { balance: number }) {
  const held = useStore(balanceHoldStore, (v) => v);
  return <p data-testid="header">{held ?? balance}</p>;
}

describe('useHeldBalance', () => {
  it('keeps the value from before the draw in the game and the header, then shows the paid one', () => {
    const view = (holding: boolean, balance: number) => (
      <>
        <Game holding={holding} balance={balance} />
        <HeaderBalance balance={balance} />
      </>
    );
    const { rerender } = render(view(false, 100));
    act(() => rerender(view(true, 100)));
    // The server's payout arrives mid-draw.
    act(() => rerender(view(true, 135)));
    expect(screen.getByTestId('game').textContent).toBe('100');
    expect(screen.getByTestId('header').textContent).toBe('100');
    act(() => rerender(view(false, 135)));
    expect(screen.getByTestId('game').textContent).toBe('135');
    expect(screen.getByTestId('header').textContent).toBe('135');
  });

  it("a replay's made-up balance never reaches the header, and leaving the game releases the hold", () => {
    const { rerender, unmount } = render(<Game holding balance={50} publish={false} />);
    expect(balanceHoldStore.get()).toBeNull();
    act(() => rerender(<Game holding balance={50} />));
    expect(balanceHoldStore.get()).toBe(50);
    unmount();
    expect(balanceHoldStore.get()).toBeNull();
  });
});
