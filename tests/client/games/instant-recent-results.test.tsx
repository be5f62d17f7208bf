import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameStageProps } from '../../../src/games/shared/game-stage';
import type { GameHostProps } from '../../../src/games/shared/game-host';
import type { GameScene, SceneCue } from '../../../src/games/shared/scene';
import type { TuningSchema } from '../../../src/games/shared/tuning';
import type { GameRecord } from '../../../src/services/games-api';
import type { GameRecordsPage } from '../../../domain/schemas/wallet.schema';

/**
 * An instant table's row of recent results (LIMBO's pills, DICE's chips, ROWDOUBLE's strip) after
 * a reload: the table asks the server for the player's bets in that game and hands them to its
 * scene, which then shows them. The Pixi stage is replaced by a scene that records its cues.
 */

const fetchGameRecordsPage =
  vi.fn<(game: string | null, page: number, size: number, options?: unknown) => Promise<GameRecordsPage>>();
vi.mock('../../../src/services/games-api', () => ({
  fetchGameRecordsPage: (game: string | null, page: number, size: number, options?: unknown) =>
    fetchGameRecordsPage(game, page, size, options),
  fetchGameRecords: () => Promise.resolve([]),
  fetchGameList: () => Promise.resolve([]),
  fetchSeeds: () => new Promise(() => {}),
  rotateSeeds: () => new Promise(() => {}),
}));

/** Every cue the table's scene was given. */
const played: SceneCue[] = [];
vi.mock('../../../src/games/shared/game-stage', () => ({
  GameStage: <S extends TuningSchema, C extends SceneCue>(props: GameStageProps<S, C>) => {
    useEffect(() => {
      const scene = {
        play: (cue: C) => {
          played.push(cue);
          return Promise.resolve();
        },
        resize: () => {},
        destroy: () => {},
      } as unknown as GameScene<C>;
      props.onProgress(1);
      props.onScene(scene, () => ({ width: 390, height: 300 }));
      return () => props.onScene(null, () => ({ width: 0, height: 0 }));
      // Built once per mount, as the real stage.
    }, []);
    return <div data-testid="fake-stage" />;
  },
}));

const host: GameHostProps = {
  balance: 100,
  username: 'ana',
  publishBalance: () => {},
  refreshBalance: () => {},
};

const record = (id: string, game: string, outcome: unknown, payout: number): GameRecord => ({
  id,
  game,
  amount: 1,
  payout,
  multiplier: payout > 0 ? payout : 0,
  status: 'settled',
  params: {},
  outcome,
  roundId: null,
  fairness: null,
  createdAt: '2026-12-06T12:00:00.000Z',
});

const page = (list: GameRecord[]): GameRecordsPage => ({ list, total: list.length, page: 1, size: 40 });

/** Renders a table and lets its calls answer. */
async function open(load: () => Promise<{ Game: (host: GameHostProps) => React.ReactNode }>) {
  const { Game } = await load();
  render(<Game {...host} />);
  await screen.findByTestId('fake-stage');
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const historyCues = () => played.filter((cue) => cue.type === 'cue.history');

beforeEach(() => {
  played.length = 0;
  fetchGameRecordsPage.mockReset();
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('the recent results of an instant table after a reload', () => {
  it('fills LIMBO’s pills with the player’s LIMBO bets, newest first, green or red as they paid', async () => {
    fetchGameRecordsPage.mockResolvedValue(
      page([record('3', 'limbo', { result: 3.47 }, 2), record('2', 'limbo', { result: 1.12 }, 0)]),
    );
    await open(() => import('../../../src/games/limbo/limbo-game'));
    expect(fetchGameRecordsPage).toHaveBeenCalledWith('limbo', 1, 40, { quiet: true });
    expect(historyCues()).toEqual([
      {
        type: 'cue.history',
        results: [
          { result: 3.47, win: true },
          { result: 1.12, win: false },
        ],
      },
    ]);
  });

  it('fills DICE’s row of past rolls the same way', async () => {
    fetchGameRecordsPage.mockResolvedValue(page([record('5', 'dice', { roll: 71.2 }, 1.98)]));
    await open(() => import('../../../src/games/dice/dice-game'));
    expect(fetchGameRecordsPage).toHaveBeenCalledWith('dice', 1, 40, { quiet: true });
    expect(historyCues()).toEqual([{ type: 'cue.history', rolls: [{ roll: 71.2, win: true }] }]);
  });

  it('fills ROWDOUBLE’s results strip with the tiles drawn', async () => {
    fetchGameRecordsPage.mockResolvedValue(
      page([record('9', 'rowdouble', { tile: 0 }, 14), record('8', 'rowdouble', { tile: 9 }, 0)]),
    );
    await open(() => import('../../../src/games/rowDouble/row-double-game'));
    expect(fetchGameRecordsPage).toHaveBeenCalledWith('rowdouble', 1, 40, { quiet: true });
    expect(historyCues()).toEqual([{ type: 'cue.history', results: [0, 9] }]);
  });

  it('keeps the row empty when the server cannot answer', async () => {
    fetchGameRecordsPage.mockRejectedValue(new Error('401'));
    await open(() => import('../../../src/games/limbo/limbo-game'));
    expect(historyCues()).toEqual([]);
  });

  it('asks nothing during a ?round= replay, which shows only its own rounds', async () => {
    window.history.replaceState(null, '', '/limbo?round=win');
    fetchGameRecordsPage.mockResolvedValue(page([record('1', 'limbo', { result: 2 }, 2)]));
    await open(() => import('../../../src/games/limbo/limbo-game'));
    expect(fetchGameRecordsPage).not.toHaveBeenCalled();
    expect(historyCues()).toEqual([]);
  });
});
