import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameHostProps, GameModule } from './game-host';
import { LoadingBar } from './hud/loading-bar';

/** A game's code that has not arrived in this time is given up, with a retry (issue 5). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The download of a game's code took longer than `CHUNK_TIMEOUT_MS`. */
export class ChunkTimeoutError extends Error {
  constructor() {
    super('game chunk timed out');
    this.name = 'ChunkTimeoutError';
  }
}

/** Runs `load`, rejecting with ChunkTimeoutError after `ms`. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Downloads a game's chunk (Pixi, gsap, howler and the game come only with it, never with the
 * first page) and mounts its table. While it downloads the root already carries the game's test
 * id with `data-state="loading"`; a slow or failed download shows a message and a retry.
 */
export function GameLoader(props: {
  gameType: string;
  load: () => Promise<GameModule>;
  /** The game's code when it has already arrived: the table mounts in this first render. */
  arrived?: GameModule | null;
  host: GameHostProps;
  timeoutMs?: number;
}) {
  const { t } = useTranslation();
  const { load, timeoutMs } = props;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<GameModule | null>(props.arrived ?? null);
  const [problem, setProblem] = useState<'slow' | 'failed' | null>(null);

  useEffect(() => {
    if (loaded) return;
    let current = true;
    setProblem(null);
    loadWithTimeout(load, timeoutMs)
      .then((module) => current && setLoaded(module))
      .catch((error: unknown) => {
        if (!current) return;
        if (!(error instanceof ChunkTimeoutError)) console.error(error);
        setProblem(error instanceof ChunkTimeoutError ? 'slow' : 'failed');
      });
    return () => {
      current = false;
    };
  }, [load, timeoutMs, attempt, loaded]);

  if (loaded) return <loaded.Game {...props.host} />;
  return (
    <div className="game" data-testid={`game-${props.gameType}`} data-state="loading">
      <div className="game__table">
        <div className="game__stage">
          {problem ? (
            <div className="game-loading" role="alert" data-testid="game-load-failed">
              <p className="game-loading__text">
                {problem === 'slow' ? t('gameHud.loadSlow') : t('gameHud.loadFailed')}
              </p>
              <button
                type="button"
                className="button button--gold button--small"
                onClick={() => setAttempt((n) => n + 1)}
                data-testid="game-load-retry"
              >
                {t('gameHud.retry')}
              </button>
            </div>
          ) : (
            <LoadingBar share={null} />
          )}
        </div>
      </div>
    </div>
  );
}
