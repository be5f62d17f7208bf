import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { fetchSupportContacts, fetchUserGift } from '../../services/main-api';
import { fetchBonusList, receiveGift } from '../../services/promo-api';
import { useToken } from '../app/session';
import { BonusPopup } from './bonus-popup';

/** The route the overlay belongs to; leaving it hides the overlay (spec 4). */
const ACTIVE_PATH = '/home';

/**
 * Spec 4: the promo gift shows on home only when `userGift` answers 1 and the messaging link (the
 * Telegram side of `csid`) does not contain 'manager'.
 */
export function shouldShowGift(gift: boolean, messagingLink: string): boolean {
  return gift && !messagingLink.includes('manager');
}

/** The promo-gift overlay of home: asks once per login, receives through the ledger on the server. */
export function PromoGiftOverlay() {
  const { t } = useTranslation();
  const token = useToken();
  const { pathname } = useLocation();
  const [amount, setAmount] = useState<number | null>(null);
  const [closed, setClosed] = useState(false);

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
  return (
    <BonusPopup
      title={t('promo.gift.title')}
      amount={amount}
      note={t('promo.gift.note')}
      receive={receiveGift}
      onClose={() => setClosed(true)}
      onReceived={() => setClosed(true)}
      testId="promo-gift"
    />
  );
}
