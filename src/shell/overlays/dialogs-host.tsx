import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { loadingStore, toastStore, useCurrentAlert } from '../app/dialogs';
import { Modal } from '../components/modal';

/** The alert dialog of spec 6 and 8: one message and its button ('Eu entendi'). */
export function AlertDialog() {
  const { t } = useTranslation();
  const alert = useCurrentAlert();
  if (!alert) return null;
  return (
    <div className="alert-layer">
      <Modal
        key={alert.id}
        title={t('common.notifications')}
        role="alertdialog"
        testId="alert-dialog"
        hideTitle
      >
        <p className="alert__message" data-testid="alert-message">
          {alert.message}
        </p>
        <button
          type="button"
          className="button button--gold button--block"
          onClick={alert.close}
          data-testid="alert-ok"
          data-autofocus
        >
          {alert.button}
        </button>
      </Modal>
    </div>
  );
}

/** The short message of spec 9 (1500 ms). */
export function Toast() {
  const toast = useStore(toastStore, (v) => v);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <p key={toast.id} className="toast" data-testid="toast">
          {toast.text}
        </p>
      )}
    </div>
  );
}

/** The global loading indicator of spec 4. */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const visible = useStore(loadingStore, (v) => v);
  if (!visible) return null;
  return (
    <div
      className="loading-layer"
      role="progressbar"
      aria-label={t('common.loading')}
      data-testid="loading-indicator"
    >
      <span className="spinner" />
    </div>
  );
}
