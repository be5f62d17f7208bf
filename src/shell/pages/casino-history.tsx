import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bcp47, currentLanguage } from '../../lib/i18n';
import { fetchGameRecords, type GameRecord } from '../../services/games-api';
import { MessRow } from './game-record-row';
import '../home/games-groups.css';

/** Casino bets `/registros` shows; the rest are a tap away on `/gameMess`. */
export const CASINO_HISTORY_SIZE = 5;

/**
 * The casino section of `/registros`: the player's latest bets in the six games, with their
 * results and proofs, so the records page keeps its promise of game history (issue 18, item 9).
 */
export function CasinoHistory() {
  const { t } = useTranslation();
  const [bets, setBets] = useState<GameRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const locale = bcp47(currentLanguage());

  useEffect(() => {
    let alive = true;
    fetchGameRecords(CASINO_HISTORY_SIZE)
      .then((list) => alive && setBets(list))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <section aria-labelledby="records-casino" className="records" data-testid="records-casino">
      <div className="section-head">
        <h2 id="records-casino" className="section-title">
          {t('records.casino')}
        </h2>
        <Link to="/gameMess" className="button button--ghost button--small" data-testid="records-casino-all">
          {t('records.casinoAll')}
        </Link>
      </div>
      {failed && !bets ? (
        <p className="callout">{t('wallet.loadFailed')}</p>
      ) : !bets ? (
        <p className="empty">{t('common.loading')}</p>
      ) : bets.length === 0 ? (
        <p className="empty" data-testid="records-casino-empty">
          {t('records.casinoEmpty')}
        </p>
      ) : (
        <ul className="mess-list" data-testid="records-casino-list">
          {bets.map((bet) => (
            <MessRow key={bet.id} record={bet} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}
