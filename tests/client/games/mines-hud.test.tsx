import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { MinesPlay } from '../../../src/games/mines/mines-hud';
import type { MinesGame } from '../../../src/services/mines-api';

/** MINES' panel prints multipliers as every game does: two decimals, cut, never "1,2857×". */
afterEach(cleanup);

const game: MinesGame = {
  gameId: 'g1',
  gameCode: 'MINES',
  status: 'open',
  mines: 3,
  step: 1,
  revealed: [4],
  amount: 10,
  multiplier: 1.2857,
  nextMultiplier: 1.6875,
  payout: 0,
  fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 1 },
  balance: 90,
};

describe('MINES panel', () => {
  it('shows the current and next multipliers with two decimals', () => {
    render(
      <MinesPlay
        game={game}
        betButton={null}
        busy={false}
        cashingOut={false}
        onCashOut={() => {}}
        onRandom={() => {}}
      />,
    );
    expect(screen.getByTestId('mines-multiplier').textContent).toBe('1,28×');
    expect(screen.getByText('1,68×')).toBeTruthy();
  });
});
