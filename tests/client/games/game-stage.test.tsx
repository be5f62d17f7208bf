import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameStage } from '../../../src/games/shared/game-stage';
import type { SceneRuntime } from '../../../src/games/shared/stage/scene-runtime';

/**
 * The table's Pixi host under React's StrictMode (the dev server's): the first mount is torn down
 * while its stage is still starting and a second mount shares the same box. The worker and the
 * sounds are stand-ins that start after a moment and record when they are stopped.
 */

const stopped: HTMLCanvasElement[] = [];
vi.mock('../../../src/games/shared/stage/worker-stage', () => ({
  canDrawInWorker: () => true,
  WorkerWithoutWebGL: class extends Error {},
  startWorkerStage: (options: { canvas: HTMLCanvasElement }) => {
    const runtime: SceneRuntime<never> = {
      play: () => Promise.resolve(),
      resize: () => undefined,
      wake: () => undefined,
      destroy: () => undefined,
    };
    return {
      ready: new Promise((resolve) => setTimeout(() => resolve(runtime), 20)),
      stop: () => stopped.push(options.canvas),
    };
  },
}));
vi.mock('../../../src/games/shared/sound-bus', () => ({
  loadSoundBus: () => Promise.resolve({ play: () => undefined, destroy: () => undefined }),
}));

afterEach(() => {
  cleanup();
  stopped.length = 0;
});

describe('the game stage', () => {
  it('keeps the second mount’s canvas on the table when StrictMode tears the first one down', async () => {
    const onScene = vi.fn();
    render(
      <StrictMode>
        <GameStage
          gameType="dice"
          tuning={{}}
          sounds={{}}
          label="Mesa de Dice"
          onInput={() => undefined}
          onScene={onScene}
          onProgress={() => undefined}
          onError={() => undefined}
        />
      </StrictMode>,
    );
    // The first mount's stage stops once its start is over; the second one's scene is handed over.
    await waitFor(() => expect(stopped).toHaveLength(1));
    await waitFor(() => expect(onScene).toHaveBeenCalledWith(expect.anything(), expect.any(Function)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    const canvases = screen.getByTestId('game-canvas').querySelectorAll('canvas');
    expect(canvases).toHaveLength(1);
    expect(canvases[0]).not.toBe(stopped[0]);
    expect(canvases[0]!.getAttribute('aria-label')).toBe('Mesa de Dice');
  });
});
