import { useTranslation } from 'react-i18next';
import { gameByKey } from '../../../domain/codes';
import { formatDateTime, formatMoney, formatMultiplier } from '../../lib/format';
import type { GameRecord } from '../../services/games-api';

/** One bet: game, time, stake, multiplier, prize and the seeds that prove it. */
export function MessRow({ record, locale }: { record: GameRecord; locale: string }) {
  const { t } = useTranslation();
  const game = gameByKey(record.game);
  const won = record.payout > 0;
  return (
    <li className="mess" data-testid="mess-row" data-game={record.game}>
      <div className="mess__line">
        <span className="mess__game">{game ? t(`games.${game.gameType}.name`) : record.game}</span>
        <time className="mess__when" dateTime={record.createdAt}>
          {formatDateTime(record.createdAt, locale)}
        </time>
      </div>
      <div className="mess__nums">
        <span>{t('gameMess.stake', { amount: formatMoney(record.amount) })}</span>
        {/* A loss's multiplier is 0,00×: "Sem prêmio" says it in words. */}
        {record.multiplier > 0 ? (
          <span>{t('gameMess.multiplier', { value: formatMultiplier(record.multiplier, locale) })}</span>
        ) : null}
        {record.status === 'cancelled' ? (
          <span>{t('gameMess.refunded', { amount: formatMoney(record.payout) })}</span>
        ) : record.status !== 'settled' ? (
          <span>{t('gameMess.open')}</span>
        ) : won ? (
          <span className="mess__win">{t('gameMess.won', { amount: formatMoney(record.payout) })}</span>
        ) : (
          <span>{t('gameMess.lost')}</span>
        )}
      </div>
      {(record.fairness || record.roundId) && (
        <details className="mess__proof">
          <summary>{t('gameMess.proof')}</summary>
          {record.fairness ? (
            <p>
              {t('gameMess.seeds', {
                hash: record.fairness.serverSeedHash,
                seed: record.fairness.clientSeed,
                nonce: record.fairness.nonce,
              })}
            </p>
          ) : (
            <p>{t('gameMess.round', { round: record.roundId })}</p>
          )}
        </details>
      )}
    </li>
  );
}
