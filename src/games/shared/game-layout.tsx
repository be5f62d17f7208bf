import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from './hud/loading-bar';

/**
 * The frame of every game: the root with the test hooks (`game-<gameType>`, `data-state`), the
 * stage with its loading bar and failure message, the HUD beside it on desktop and under it on a
 * phone, and whatever goes under the table.
 */
export function GameLayout(props: {
  gameType: string;
  /** The machine's active leaf as a dotted path. */
  state: string;
  /** Renders the stage; `attempt` changes when the player retries a failed start. */
  stage: (attempt: number) => ReactNode;
  progress: number;
  failed: boolean;
  onRetry: () => void;
  hud: ReactNode;
  notice?: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  return (
    <div
      className={`game game--${props.gameType}`}
      data-testid={`game-${props.gameType}`}
      data-state={props.state}
    >
      <div className="game__table">
        <div className="game__stage">
          {props.stage(attempt)}
          {props.failed ? (
            <div className="game-loading" role="alert" data-testid="game-load-failed">
              <p className="game-loading__text">{t('gameHud.loadFailed')}</p>
              <button
                type="button"
                className="button button--gold button--small"
                onClick={() => {
                  props.onRetry();
                  setAttempt((n) => n + 1);
                }}
              >
                {t('gameHud.retry')}
              </button>
            </div>
          ) : (
            props.progress < 1 && <LoadingBar share={props.progress} />
          )}
        </div>
        <div className="game__hud">{props.hud}</div>
      </div>
      {props.notice}
      {props.below}
    </div>
  );
}
