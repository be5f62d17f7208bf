import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { Received } from '../../services/promo-api';
import { showToast } from '../app/dialogs';
import { refreshUserInfo } from '../app/session';
import { Modal } from '../components/modal';
import './promo.css';

/**
 * The bonus pop-up of spec 2: a red box with the amount and a receive button. `receive` is the call
 * that credits it (the server decides the amount and credits it once); after it the profile and the
 * balances are fetched again, so what the player sees comes from the server.
 */
export function BonusPopup({
  title,
  amount,
  note,
  receive,
  onClose,
  onReceived,
  testId = 'bonus-popup',
}: {
  title: string;
  amount: number;
  note?: string;
  receive: () => Promise<Received>;
  onClose: () => void;
  onReceived: (received: Received) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const received = await receive();
      showToast(received.message);
      await refreshUserInfo({ loading: false });
      onReceived(received);
    } catch {
      // The API client has shown the server's reason (already received, not available).
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={onClose} testId={testId} hideTitle>
      <div className="bonus-box">
        <p className="bonus-box__title">{title}</p>
        <p className="bonus-box__amount" data-testid={`${testId}-amount`}>
          {formatMoney(amount)}
        </p>
        {note && <p className="bonus-box__note">{note}</p>}
        <button
          type="button"
          className="button button--gold button--block"
          disabled={busy}
          onClick={() => void submit()}
          data-testid={`${testId}-receive`}
          data-autofocus
        >
          {t('promo.bonus.receive')}
        </button>
      </div>
    </Modal>
  );
}
