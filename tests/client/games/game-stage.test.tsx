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

const started: HTMLCanvasElement[] = [];
const stopped: HTMLCanvasElement[] = [];
vi.mock('../../../src/games/shared/stage/worker-stage', () => ({
  canDrawInWorker: () => true,
  WorkerWithoutWebGL: class extends Error {},
  startWorkerStage: (options: { canvas: HTMLCanvasElement }) => {
    started.push(options.canvas);
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
  started.length = 0;
  stopped.length = 0;
});

function stage(onScene = vi.fn()) {
  return (
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
  );
}

describe('the game stage', () => {
  it('keeps one canvas on the table when StrictMode tears the first mount down', async () => {
    const onScene = vi.fn();
    render(<StrictMode>{stage(onScene)}</StrictMode>);
    // The first mount goes before the box is laid out: it starts no stage; the second one's scene
    // is handed over.
    await waitFor(() => expect(onScene).toHaveBeenCalledWith(expect.anything(), expect.any(Function)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    const canvases = screen.getByTestId('game-canvas').querySelectorAll('canvas');
    expect(canvases).toHaveLength(1);
    expect(started).toEqual([canvases[0]]);
    expect(canvases[0]!.getAttribute('aria-label')).toBe('Mesa de Dice');
  });

  it('stops a stage still starting when the table goes, and removes its canvas', async () => {
    const { unmount } = render(stage());
    await waitFor(() => expect(started).toHaveLength(1));
    unmount();
    // The stand-in's start ends 20 ms later; the stop waits for it.
    await waitFor(() => expect(stopped).toEqual(started));
    expect(started[0]!.isConnected).toBe(false);
  });

  it('starts the stage only once the browser has laid the box out', async () => {
    // Reading the box's size during React's commit would force the page's style and layout into
    // that task; the stage waits for the observer's first report instead.
    let report: (() => void) | null = null;
    const reporting = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        report = () => this.callback([], this as unknown as ResizeObserver);
      }
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
    try {
      const onScene = vi.fn();
      render(stage(onScene));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(started).toHaveLength(0);
      expect(screen.getByTestId('game-canvas').querySelector('canvas')).toBeNull();

      act(() => report!());
      await waitFor(() => expect(onScene).toHaveBeenCalledWith(expect.anything(), expect.any(Function)));
      expect(started).toHaveLength(1);
    } finally {
      globalThis.ResizeObserver = reporting;
    }
  });
});
