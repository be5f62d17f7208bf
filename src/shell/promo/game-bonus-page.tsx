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
 * Where the bonus wallet's wagering stands: `owed` while bonus waits on wagering, `met` when the
 * wagering is done yet bonus is still in the wallet, `none` without bonus. The server only counts
 * the requirement and moves no bonus into cash when it is met (reported to the lead), so "Falta
 * apostar R$ 0,00" stood beside bonus that had not turned into cash. Without bonus there is nothing
 * to release, so a requirement left over from bonus already staked and lost shows as a dash.
 */
export function turnoverState(
  data: Pick<BonusList, 'bonusBalance' | 'turnoverLeft'>,
): 'owed' | 'met' | 'none' {
  if (data.bonusBalance <= 0) return 'none';
  return data.turnoverLeft > 0 ? 'owed' : 'met';
}

/** The second figure of the bonus wallet: what is left to wager, "Cumprido", or a dash. */
function TurnoverFigure({ data }: { data: BonusList }) {
  const { t } = useTranslation();
  const state = turnoverState(data);
  return (
    <div>
      <span className="muted">
        {state === 'met' ? t('promo.gameBonus.turnoverLabelMet') : t('promo.gameBonus.turnoverLeft')}
      </span>
      <strong data-testid="game-bonus-turnover" className={state === 'met' ? 'game-bonus__done' : undefined}>
        {state === 'owed'
          ? formatMoney(data.turnoverLeft)
          : state === 'met'
            ? t('promo.gameBonus.turnoverMet')
            : '—'}
      </strong>
    </div>
  );
}

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
              <TurnoverFigure data={data} />
            </div>
            {turnoverState(data) === 'met' && (
              <p className="game-bonus__met" data-testid="game-bonus-met">
                {t('promo.gameBonus.turnoverMetNote')}
              </p>
            )}
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
