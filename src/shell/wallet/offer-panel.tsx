import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, formatMoney } from '../../lib/format';
import { closeOverlay } from '../app/overlay-store';
import { useUserInfo } from '../app/session';
import { GiftIcon } from '../components/icons';
import { Modal } from '../components/modal';
import { DepositFlow } from './deposit-flow';
import { useOffer } from './offers';

/**
 * `secondDeposit` (spec 2): the first-deposit offer while FPDATA is open, the second-deposit offer
 * while FCDATA is open, each with its own packages (BTBRL / FCBRL) and the shared countdown.
 */
export function OfferPanel() {
  const { t } = useTranslation();
  const offer = useOffer();
  const open = offer !== null;
  // Nothing to offer (it ended, or the server closed it): the panel has no reason to stay.
  useEffect(() => {
    if (!open) closeOverlay();
  }, [open]);
  if (!offer) return null;
  const first = offer.kind === 'FPDATA';
  return (
    <Modal
      title={first ? t('offer.firstTitle') : t('offer.secondTitle')}
      onClose={closeOverlay}
      testId="offer-panel"
      variant="sheet"
    >
      <div className="offer-hero">
        <GiftIcon className="offer-hero__icon" />
        <p className="offer-hero__lead">{first ? t('offer.firstLead') : t('offer.secondLead')}</p>
        <p className="offer-hero__time">
          <span>{t('offer.endsIn')}</span>
          <strong data-testid="offer-countdown">{formatCountdown(offer.remainingMs)}</strong>
        </p>
      </div>
      <DepositFlow key={offer.kind} variant={first ? 'BTBRL' : 'FCBRL'} overlay="secondDeposit" />
    </Modal>
  );
}

/** `gameDeposit` (spec 2, 4): the low-balance recharge plan (INSBRL). */
export function GameDepositPanel() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <Modal title={t('gameDeposit.title')} onClose={closeOverlay} testId="game-deposit-panel" variant="sheet">
      <p className="form__lead">
        {t('gameDeposit.lead')} {user ? <strong>{formatMoney(user.balance)}</strong> : null}
      </p>
      <DepositFlow variant="INSBRL" overlay="gameDeposit" />
    </Modal>
  );
}
