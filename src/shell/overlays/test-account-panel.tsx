import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useStore } from '../../lib/store';
import { showToast } from '../app/dialogs';
import { closeOverlay } from '../app/overlay-store';
import { fillLoginWithTestAccount, testAccountStore } from '../app/test-account';
import { Modal } from '../components/modal';

async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    // Clipboard refused (permissions, insecure page): the text stays on screen to copy by hand.
  }
}

/** The test-account credentials popup (spec 2, 6): the demo login, then a button to use it. */
export function TestAccountPanel() {
  const { t } = useTranslation();
  const account = useStore(testAccountStore, (a) => a);
  return (
    <Modal title={t('testAccount.title')} onClose={closeOverlay} testId="test-account-panel">
      {account && (
        <>
          <p className="form__lead">{t('testAccount.lead')}</p>
          <dl className="credentials">
            <div>
              <dt>{t('testAccount.username')}</dt>
              <dd>
                <code data-testid="test-account-username">{account.username}</code>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => void copy(account.username, t('testAccount.copied'))}
                >
                  {t('testAccount.copy')}
                </button>
              </dd>
            </div>
            <div>
              <dt>{t('testAccount.password')}</dt>
              <dd>
                <code data-testid="test-account-password">{account.pwd}</code>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => void copy(account.pwd, t('testAccount.copied'))}
                >
                  {t('testAccount.copy')}
                </button>
              </dd>
            </div>
            <div>
              <dt>{t('testAccount.balance')}</dt>
              <dd>{formatMoney(account.balance)}</dd>
            </div>
          </dl>
          <p className="note">{t('testAccount.note')}</p>
          <button
            type="button"
            className="button button--gold button--block"
            onClick={fillLoginWithTestAccount}
            data-testid="test-account-use"
          >
            {t('testAccount.use')}
          </button>
        </>
      )}
    </Modal>
  );
}
