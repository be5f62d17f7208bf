import { useTranslation } from 'react-i18next';

/**
 * The table's loading progress over the stage (Pixi, sounds, scene); `null` while the game's code
 * itself downloads, whose progress the browser does not report (the bar then sweeps).
 */
export function LoadingBar({ share }: { share: number | null }) {
  const { t } = useTranslation();
  const percent = share === null ? null : Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <div className="game-loading" data-testid="game-loading">
      <p className="game-loading__text">{t('gameHud.loading')}</p>
      <div
        className="game-loading__bar"
        role="progressbar"
        aria-label={t('gameHud.loading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <span
          className={`game-loading__fill${percent === null ? ' game-loading__fill--sweep' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
