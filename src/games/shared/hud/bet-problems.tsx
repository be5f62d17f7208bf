import { useTranslation } from 'react-i18next';

/**
 * What stands between the player and a bet, in words: the last refusal (`bet-failure`) and the
 * operator's stop switch. One place for every table's HUD.
 */
export function BetProblems({
  failureText,
  stopped,
}: {
  failureText: string | null | undefined;
  stopped: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failureText && (
        <p className="hud-problem" role="alert" data-testid="bet-failure">
          {failureText}
        </p>
      )}
      {stopped && <p className="hud-problem">{t('gameHud.stopped')}</p>}
    </>
  );
}
