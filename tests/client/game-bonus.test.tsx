import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BonusList } from '../../domain/schemas/promo.schema';
import '../../src/lib/i18n';
import { sessionStore } from '../../src/shell/app/session';
import { GameBonusPage } from '../../src/shell/promo/game-bonus-page';
import { installFakeServer, ok, userInfoFixture } from './support';

/**
 * `/gamebouns`: the bonus wallet's wagering as the player can act on it. A player saw "Falta apostar
 * R$ 0,00" beside R$ 5,00 of bonus that had not turned into cash (the server counts the requirement
 * but moves no bonus when it is met).
 */

const LIST: BonusList = { list: [], history: [], bonusBalance: 5, turnoverMultiple: 2, turnoverLeft: 0 };

function showPage(patch: Partial<BonusList>) {
  installFakeServer((config) =>
    config.url === '/api/app/bonus/list'
      ? ok({ ...LIST, ...patch })
      : { status: 404, body: { status: 404, message: 'Não encontrado', data: null } },
  );
  const router = createMemoryRouter([{ path: '/gamebouns', element: <GameBonusPage /> }], {
    initialEntries: ['/gamebouns'],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => sessionStore.set({ token: 'tok', userInfo: userInfoFixture() }));
afterEach(() => cleanup());

describe('/gamebouns wagering', () => {
  it('says the requirement is met, and that the bonus turns into cash at the next settled bet (decision 92), instead of "Falta apostar R$ 0,00"', async () => {
    showPage({ bonusBalance: 5, turnoverLeft: 0 });
    const figure = await screen.findByTestId('game-bonus-turnover');
    expect(figure.textContent).toBe('Cumprido');
    expect(figure.previousElementSibling?.textContent).toBe('Requisito de apostas');
    expect(screen.getByTestId('game-bonus-met').textContent).toBe(
      'Você já apostou o exigido: o bônus passa para o saldo em dinheiro, que pode ser sacado, assim que sua próxima aposta for decidida.',
    );
    expect(screen.queryByText('R$ 0,00')).toBeNull();
  });

  it('shows what is left to wager while bonus waits on it', async () => {
    showPage({ bonusBalance: 5, turnoverLeft: 7.5 });
    const figure = await screen.findByTestId('game-bonus-turnover');
    expect(figure.textContent).toBe('R$ 7,50');
    expect(figure.previousElementSibling?.textContent).toBe('Falta apostar para liberar');
    expect(screen.queryByTestId('game-bonus-met')).toBeNull();
  });

  it('shows a dash without bonus, whatever requirement is left over', async () => {
    showPage({ bonusBalance: 0, turnoverLeft: 3 });
    expect((await screen.findByTestId('game-bonus-turnover')).textContent).toBe('—');
    expect(screen.queryByTestId('game-bonus-met')).toBeNull();
  });
});
