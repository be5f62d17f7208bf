import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { CloseIcon, PixIcon } from '../components/icons';
import { Layer } from '../components/layer';
import { Modal } from '../components/modal';

/**
 * The payment URL as the frame may load it, or null. Only http(s) pages are framed: a `javascript:`
 * or `data:` address from a compromised or buggy provider would otherwise run inside Trevo's origin.
 */
export function safePaymentUrl(url: string, base = window.location.origin): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Spec 2: the PSP's payment page in a full-screen popup. Closing it leads to the wait overlay. */
export function PaymentFrame({ url, amount, onClose }: { url: string; amount: number; onClose: () => void }) {
  const { t } = useTranslation();
  const src = safePaymentUrl(url);
  const close = useRef<HTMLButtonElement>(null);
  // The frame covers everything: keyboard and screen-reader users start inside it.
  useEffect(() => close.current?.focus(), []);
  return (
    <Layer>
      <div
        className="payment-frame"
        role="dialog"
        aria-modal="true"
        aria-label={t('payment.title')}
        data-testid="payment-frame"
      >
        <header className="payment-frame__bar">
          <PixIcon className="payment-frame__icon" />
          <div className="payment-frame__title">
            <strong>{t('payment.title')}</strong>
            <span>{formatMoney(amount)}</span>
          </div>
          {src && (
            <a
              className="button button--ghost button--small"
              href={src}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="payment-open-new"
            >
              {t('payment.openNew')}
            </a>
          )}
          <button
            ref={close}
            type="button"
            className="icon-button"
            aria-label={t('payment.close')}
            onClick={onClose}
            data-testid="payment-frame-close"
          >
            <CloseIcon />
          </button>
        </header>
        <p className="payment-frame__note">{t('payment.window')}</p>
        {src && (
          <iframe
            className="payment-frame__page"
            src={src}
            title={t('payment.frameLabel')}
            // A real provider's page runs its own scripts and posts its own forms; the help link
            // leaves the frame (target _top) only when the player taps it.
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-top-navigation-by-user-activation"
            allow="clipboard-write"
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="payment-iframe"
          />
        )}
      </div>
    </Layer>
  );
}

/** Spec 2: the wait overlay after the frame closes: 'Concluir recarga' or 'Cancelar recarga'. */
export function PaymentWait({
  payNo,
  amount,
  onComplete,
  onCancel,
  onReopen,
}: {
  payNo: string;
  amount: number;
  onComplete: () => void;
  onCancel: () => void;
  onReopen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Layer>
      <div className="layer-over">
        <Modal title={t('payment.waitTitle')} testId="payment-wait">
          <div className="pay-wait">
            <span className="pay-wait__icon" aria-hidden="true">
              <PixIcon />
            </span>
            <p className="pay-wait__amount">{formatMoney(amount)}</p>
            <p className="pay-wait__order">{t('payment.order', { payNo })}</p>
            <p className="pay-wait__lead">{t('payment.waitLead')}</p>
            <p className="pay-wait__status">
              <span className="dot-pulse" aria-hidden="true" /> {t('payment.waiting')}
            </p>
          </div>
          <button
            type="button"
            className="button button--gold button--block"
            onClick={onComplete}
            data-testid="payment-complete"
            data-autofocus
          >
            {t('payment.complete')}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={onCancel}
            data-testid="payment-cancel"
          >
            {t('payment.cancel')}
          </button>
          <button type="button" className="link-button" onClick={onReopen} data-testid="payment-reopen">
            {t('payment.backToPayment')}
          </button>
        </Modal>
      </div>
    </Layer>
  );
}
