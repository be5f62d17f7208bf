import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { fetchSupportContacts, fetchUserGift } from '../../services/main-api';
import { fetchBonusList, receiveGift } from '../../services/promo-api';
import { formatMoney } from '../../lib/format';
import { showToast } from '../app/dialogs';
import { refreshUserInfo, useToken } from '../app/session';
import { CloseIcon } from '../components/icons';
import './promo.css';

/** The route the overlay belongs to; leaving it hides the overlay (spec 4). */
const ACTIVE_PATH = '/home';

/**
 * Spec 4: the promo gift shows on home only when `userGift` answers 1 and the messaging link (the
 * Telegram side of `csid`) does not contain 'manager'.
 */
export function shouldShowGift(gift: boolean, messagingLink: string): boolean {
  return gift && !messagingLink.includes('manager');
}

/**
 * The promo-gift overlay of home: asks once per login, receives through the ledger on the server.
 * It is a card raised over home's flow rather than a modal: right after sign-up the first-deposit
 * offer is already a modal, and a second one stacked on it would hide the page behind two layers.
 */
export function PromoGiftOverlay() {
  const { t } = useTranslation();
  const token = useToken();
  const { pathname } = useLocation();
  const [amount, setAmount] = useState<number | null>(null);
  const [closed, setClosed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAmount(null);
    setClosed(false);
    if (!token) return;
    let live = true;
    (async () => {
      const [gift, contacts] = await Promise.all([fetchUserGift(), fetchSupportContacts()]);
      if (!live || !shouldShowGift(gift, contacts.telegram)) return;
      const offer = (await fetchBonusList()).list.find((bonus) => bonus.kind === 'gift');
      if (live && offer) setAmount(offer.amount);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token]);

  if (!token || amount === null || closed || pathname !== ACTIVE_PATH) return null;
  const receive = async () => {
    setBusy(true);
    try {
      const received = await receiveGift();
      showToast(received.message);
      await refreshUserInfo({ loading: false });
    } catch {
      // The API client has shown the server's reason (already received); the card goes either way.
    } finally {
      setBusy(false);
      setClosed(true);
    }
  };
  return (
    <section className="gift-card" aria-labelledby="promo-gift-title" data-testid="promo-gift">
      <img className="gift-card__art" src="/promo/promo-gift.svg" alt="" width={64} height={64} />
      <div className="gift-card__body">
        <h2 id="promo-gift-title" className="gift-card__title">
          {t('promo.gift.title')}
        </h2>
        <p className="gift-card__amount" data-testid="promo-gift-amount">
          {formatMoney(amount)}
        </p>
        <p className="gift-card__note">{t('promo.gift.note')}</p>
      </div>
      <button
        type="button"
        className="button button--gold gift-card__receive"
        disabled={busy}
        onClick={() => void receive()}
        data-testid="promo-gift-receive"
      >
        {t('promo.bonus.receive')}
      </button>
      <button
        type="button"
        className="icon-button gift-card__close"
        aria-label={t('common.close')}
        onClick={() => setClosed(true)}
        data-testid="promo-gift-close"
      >
        <CloseIcon />
      </button>
    </section>
  );
}
