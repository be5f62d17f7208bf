import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameHostProps } from './game-host';
import { GameLayout } from './game-layout';
import { GameStage } from './game-stage';
import type { SceneCue, SceneHandle, SceneInput } from './scene';
import type { SoundBook } from './sound-recipe';
import type { TuningSchema, TuningValues } from './tuning';

/**
 * What every game host repeats around its own machine and HUD: the host's balance hooks as machine
 * actions, the stage's loading state, the `?tune` panel, and the frame (layout + Pixi stage + the
 * replay notice). Each `<game>-game.tsx` keeps only what is its own.
 */

/** A recorded answer after a short delay, like a quick server (`?round=` replays). */
export const REPLAY_DELAY_MS = 250;

/** Resolves to `value` after the replay delay. */
export function replayLater<T>(value: T): Promise<T> {
  return new Promise<T>((resolve) => setTimeout(() => resolve(value), REPLAY_DELAY_MS));
}

/**
 * The machine actions every game provides from its host: `publishBalance` (the server's balance
 * after a round) and `refreshBalance` (ask again after an unknown outcome). A replay bets nothing,
 * so it leaves the session's balance alone.
 */
export function useHostActions(host: GameHostProps, replaying: boolean) {
  const hostRef = useRef(host);
  useEffect(() => {
    hostRef.current = host;
  });
  return useMemo(
    () => ({
      publishBalance: (_: unknown, params: { balance: number }) => {
        if (!replaying) hostRef.current.publishBalance(params.balance);
      },
      refreshBalance: () => {
        if (!replaying) hostRef.current.refreshBalance();
      },
    }),
    [replaying],
  );
}

/** The stage's loading state: progress 0–1, a failed start, and the retry that resets both. */
export interface StageStatus {
  progress: number;
  failed: boolean;
  /** The scene and its sounds are loaded and nothing failed: bets may be taken. */
  ready: boolean;
  setProgress: (share: number) => void;
  fail: (error: unknown) => void;
  retry: () => void;
}

/** Tracks the stage's loading for the HUD (bet button) and the frame (progress bar, retry). */
export function useStageStatus(): StageStatus {
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  const fail = useCallback((error: unknown) => {
    console.error(error);
    setFailed(true);
  }, []);
  const retry = useCallback(() => {
    setFailed(false);
    setProgress(0);
  }, []);
  return { progress, failed, ready: progress >= 1 && !failed, setProgress, fail, retry };
}

/** `?tune`: opens the Tweakpane panel on the live values once the table is ready; each change redraws. */
export function useTunePanel<S extends TuningSchema>(
  enabled: boolean,
  title: string,
  schema: S,
  values: TuningValues<S>,
  redraw: () => void,
): void {
  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    void import('./tune-panel')
      .then(({ openTunePanel }) => openTunePanel(title, schema, values, redraw))
      .then((dispose) => (cancelled ? dispose() : (close = dispose)));
    return () => {
      cancelled = true;
      close?.();
    };
  }, [enabled, title, schema, values, redraw]);
}

/** The frame of a game: root with test hooks, Pixi stage with loading and retry, HUD, tabs. */
export function GameTable<S extends TuningSchema, C extends SceneCue>(props: {
  gameType: string;
  /** The machine's active leaf as a dotted path (`data-state`). */
  state: string;
  status: StageStatus;
  tuning: TuningValues<S>;
  sounds: SoundBook;
  /** The stage's accessible name. */
  label: string;
  /** What the scene reports (a drag, a tile pick); most tables take bets from the HUD only. */
  onInput?: (input: SceneInput) => void;
  onScene: (scene: SceneHandle<C> | null, size: () => { width: number; height: number }) => void;
  hud: ReactNode;
  below: ReactNode;
  /** The fixture being replayed (`?round=`), shown above the tabs. */
  replay?: string | null;
  /** The game's own notice when nothing is replayed (Mines: a resumed game). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const { status } = props;
  return (
    <GameLayout
      gameType={props.gameType}
      state={props.state}
      progress={status.progress}
      failed={status.failed}
      onRetry={status.retry}
      stage={(attempt) => (
        <GameStage
          key={attempt}
          gameType={props.gameType}
          tuning={props.tuning}
          sounds={props.sounds}
          label={props.label}
          onInput={props.onInput ?? ignoreInput}
          onScene={props.onScene}
          onProgress={status.setProgress}
          onError={status.fail}
        />
      )}
      hud={props.hud}
      notice={
        props.replay ? (
          <p className="game-notice" data-testid="round-replay">
            {t('gameHud.replay', { name: props.replay })}
          </p>
        ) : (
          props.notice
        )
      }
      below={props.below}
    />
  );
}

const ignoreInput = () => undefined;
