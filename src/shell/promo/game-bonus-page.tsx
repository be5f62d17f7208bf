import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BonusList } from '../../../domain/schemas/promo.schema';
import { formatDateTime, formatMoney } from '../../lib/format';
import { bcp47 } from '../../lib/i18n';
import { fetchBonusList } from '../../services/promo-api';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { RoutePageHeading } from '../pages/page-heading';
import './promo.css';

/**
 * `/gamebouns` (game bonuses): the bonus wallet the games stake from (after cash), how much is still to
 * wager before it turns into cash (the `bouns` multiple of spec 3's bet-increase message), and the
 * bonus credits received: VIP upgrade awards (award type 14) and promotions (141).
 */
export function GameBonusPage() {
  const { t, i18n } = useTranslation();
  const locale = bcp47(i18n.language);
  const token = useToken();
  const [data, setData] = useState<BonusList | null>(null);
  useEffect(() => {
    if (!token) return;
    fetchBonusList().then(setData, () => undefined);
  }, [token]);

  return (
    <div className="promo-page" data-testid="page-gamebouns">
      <RoutePageHeading />
      {!token && (
        <section className="panel panel--center">
          <p>{t('promo.common.loginLead')}</p>
          <button type="button" className="button button--gold" onClick={() => openOverlay('login')}>
            {t('promo.common.login')}
          </button>
        </section>
      )}
      {data && (
        <>
          <section className="panel game-bonus" aria-labelledby="game-bonus-wallet">
            <h2 id="game-bonus-wallet" className="section-title">
              {t('promo.gameBonus.walletTitle')}
            </h2>
            <div className="game-bonus__figures">
              <div>
                <span className="muted">{t('promo.gameBonus.balance')}</span>
                <strong data-testid="game-bonus-balance">{formatMoney(data.bonusBalance)}</strong>
              </div>
              <div>
                <span className="muted">{t('promo.gameBonus.turnoverLeft')}</span>
                <strong data-testid="game-bonus-turnover">{formatMoney(data.turnoverLeft)}</strong>
              </div>
            </div>
            <p className="muted">{t('promo.gameBonus.rule', { times: data.turnoverMultiple })}</p>
            {data.list.length > 0 && (
              <Link to="/bonuspage" className="button button--gold" data-testid="game-bonus-receivable">
                {t('promo.gameBonus.receivable', { count: data.list.length })}
              </Link>
            )}
          </section>
          <section className="panel" aria-labelledby="game-bonus-history">
            <h2 id="game-bonus-history" className="section-title">
              {t('promo.gameBonus.historyTitle')}
            </h2>
            {data.history.length === 0 ? (
              <p className="muted">{t('promo.gameBonus.noHistory')}</p>
            ) : (
              <ul className="bonus-list">
                {data.history.map((item, i) => (
                  <li key={`${item.createdAt}-${i}`} className="bonus-item">
                    <span className="bonus-item__name">
                      {t(`promo.gameBonus.source.${item.source}`)}
                      <small className="muted">
                        {item.detail ? `${item.detail} · ` : ''}
                        {formatDateTime(item.createdAt, locale)}
                      </small>
                    </span>
                    <strong className="bonus-item__amount">{formatMoney(item.amount)}</strong>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
