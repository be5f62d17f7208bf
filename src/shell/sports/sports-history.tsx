import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useMarketNames } from './market-names';
import i18n, { bcp47 } from '../../lib/i18n';
import { fetchMyBets, type MySportsBet } from '../../services/sports-api';
import { useBetsVersion } from './bet-slip-store';
import { betTone, betWord } from './bet-card';
import { formatCombinedOdds } from './sports-format';
import './sports.css';

/** How many sports bets the records page lists; "Minhas apostas" has them all. */
export const SPORTS_HISTORY_SIZE = 10;

/**
 * The sports section of `/registros`: the player's latest sports bets with stake, odds, return and
 * the result in the words of "Minhas apostas" (`GET /sports/bets`), its code in small print.
 */
export function SportsHistory() {
  const { t } = useTranslation();
  const names = useMarketNames();
  const version = useBetsVersion();
  const [bets, setBets] = useState<MySportsBet[] | null>(null);
  const [failed, setFailed] = useState(false);
  const locale = bcp47(i18n.language);

  useEffect(() => {
    let alive = true;
    fetchMyBets({ size: SPORTS_HISTORY_SIZE })
      .then((page) => alive && setBets(page.list))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [version]);

  return (
    <section aria-labelledby="records-sports" className="records" data-testid="records-sports">
      <div className="section-head records-sports__head">
        <h2 id="records-sports" className="section-title">
          {t('sports.bets.history')}
        </h2>
        <Link to="/sports/bets" className="button button--ghost button--small">
          {t('sports.bets.historyAll')}
        </Link>
      </div>
      {failed && !bets ? (
        <p className="callout">{t('sports.loadFailed')}</p>
      ) : !bets ? (
        <p className="empty">{t('sports.loading')}</p>
      ) : bets.length === 0 ? (
        <p className="empty" data-testid="records-sports-empty">
          {t('sports.bets.historyEmpty')}
        </p>
      ) : (
        <ul className="record-list">
          {bets.map((bet) => (
            <li
              key={bet.betId}
              className="record record--sports"
              data-testid="records-sports-row"
              data-result={bet.result}
            >
              <span className="record__main">
                <strong>
                  {bet.kind === 'builder'
                    ? `${t('sports.builder.title')} (${bet.legs.length})`
                    : bet.legs.length > 1
                      ? `${t('sports.slip.multiple')} (${bet.legs.length})`
                      : bet.legs[0]
                        ? names.outcome(bet.legs[0].marketId, {
                            id: bet.legs[0].outcomeId,
                            name: bet.legs[0].outcome,
                          })
                        : ''}{' '}
                  · {formatCombinedOdds(bet.combinedOdds)}
                </strong>
                {/* A Criar Aposta is one match: named once. */}
                <small>{[...new Set(bet.legs.map((l) => l.fixture))].join(' · ')}</small>
                <small>{formatDateTime(bet.placedAt, locale)}</small>
              </span>
              <span className="record__side">
                {bet.state === 'settled' || bet.state === 'refused' || bet.state === 'cashed_out' ? (
                  <strong className="record__amount">
                    {formatMoney(bet.stake)} → {formatMoney(bet.payout + bet.cashedOut)}
                  </strong>
                ) : (
                  <span className="record__amount record__amount--potential">
                    <strong>
                      {formatMoney(bet.stake)} → {formatMoney(bet.potentialReturn)}
                    </strong>
                    <small>{t('sports.slip.potentialReturn')}</small>
                  </span>
                )}
                <span className={`badge badge--${betTone(bet)}`} data-testid="records-sports-result">
                  {t(`sports.result.${betWord(bet)}`)}
                </span>
                <small className="record__code">{t('sports.codeSmall', { code: bet.result })}</small>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
