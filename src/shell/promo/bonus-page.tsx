import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Bonus, Promotion } from '../../../domain/schemas/promo.schema';
import { formatMoney } from '../../lib/format';
import { fetchBonusList, fetchPromotions, receiveBonus } from '../../services/promo-api';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { RoutePageHeading } from '../pages/page-heading';
import { BonusPopup } from './bonus-popup';
import './promo.css';

/** The name of a receivable bonus in the player's language. */
export function useBonusTitle(): (bonus: Bonus) => string {
  const { t } = useTranslation();
  return (bonus) => {
    if (bonus.kind === 'gift') return t('promo.gift.title');
    if (bonus.kind === 'agent') return t('promo.bonus.agent', { level: bonus.level ?? 0 });
    return t('promo.bonus.commission');
  };
}

/** Bonuses waiting for the player; each opens the red bonus pop-up to receive it. */
function ReceivableBonuses() {
  const { t } = useTranslation();
  const titleOf = useBonusTitle();
  const [list, setList] = useState<Bonus[] | null>(null);
  const [open, setOpen] = useState<Bonus | null>(null);
  const load = useCallback(() => {
    fetchBonusList().then(
      (answer) => setList(answer.list),
      () => setList([]),
    );
  }, []);
  useEffect(load, [load]);

  return (
    <section className="panel" aria-labelledby="bonus-receivable">
      <h2 id="bonus-receivable" className="section-title">
        {t('promo.bonus.receivableTitle')}
      </h2>
      {list && list.length === 0 && (
        <p className="muted" data-testid="bonus-none">
          {t('promo.bonus.none')}
        </p>
      )}
      <ul className="bonus-list">
        {list?.map((bonus) => (
          <li key={bonus.bonusId} className="bonus-item" data-testid={`bonus-${bonus.bonusId}`}>
            <span className="bonus-item__name">{titleOf(bonus)}</span>
            <strong className="bonus-item__amount">{formatMoney(bonus.amount)}</strong>
            <button
              type="button"
              className="button button--gold button--small"
              onClick={() => setOpen(bonus)}
              data-testid={`bonus-open-${bonus.bonusId}`}
            >
              {t('promo.bonus.receive')}
            </button>
          </li>
        ))}
      </ul>
      <p className="muted share-note">{t('promo.bonus.turnoverNote')}</p>
      {open && (
        <BonusPopup
          title={titleOf(open)}
          amount={open.amount}
          receive={() => receiveBonus(open.bonusId)}
          onClose={() => {
            setOpen(null);
            load();
          }}
          onReceived={() => {
            setOpen(null);
            load();
          }}
        />
      )}
    </section>
  );
}

/** `/bonuspage` (named route `active`): the operator's promotions and the player's receivable bonuses. */
export function BonusPage() {
  const { t } = useTranslation();
  const token = useToken();
  const [promotions, setPromotions] = useState<Promotion[] | null>(null);
  useEffect(() => {
    fetchPromotions().then(setPromotions, () => setPromotions([]));
  }, []);

  return (
    <div className="promo-page" data-testid="page-bonuspage">
      <RoutePageHeading />
      {token ? (
        <ReceivableBonuses />
      ) : (
        <section className="panel panel--center">
          <p>{t('promo.common.loginLead')}</p>
          <button type="button" className="button button--gold" onClick={() => openOverlay('login')}>
            {t('promo.common.login')}
          </button>
        </section>
      )}
      <section aria-labelledby="bonus-promotions" className="promo-section">
        <h2 id="bonus-promotions" className="section-title">
          {t('promo.bonus.promotionsTitle')}
        </h2>
        {promotions && promotions.length === 0 && <p className="muted">{t('promo.bonus.noPromotions')}</p>}
        <ul className="promo-cards">
          {promotions?.map((promo) => (
            <li key={promo.id} className="promo-card" data-testid={`promotion-${promo.id}`}>
              <img className="promo-card__art" src={promo.art} alt="" width={96} height={96} />
              <div className="promo-card__body">
                <h3 className="promo-card__title">{promo.title}</h3>
                <p className="promo-card__text">{promo.text}</p>
                <Link to={promo.link} className="link-button">
                  {t('promo.bonus.more')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
