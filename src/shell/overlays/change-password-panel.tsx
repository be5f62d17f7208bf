import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../domain/identity';
import { translate } from '../../../domain/messages';
import { currentLanguage } from '../../lib/i18n';
import { changePassword } from '../../services/user-api';
import { showToast } from '../app/dialogs';
import { closeOverlay, openOverlay } from '../app/overlay-store';
import { PasswordField } from '../components/fields';
import { Modal } from '../components/modal';

/** 'Mudar senha' from the user menu: current password, new password twice. */
export function ChangePasswordPanel() {
  const { t } = useTranslation();
  const [oldPwd, setOldPwd] = useState('');
  const [nPwd, setNPwd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  function problem(): string | null {
    const lang = currentLanguage();
    if (!oldPwd || !nPwd) return t('reset.incomplete');
    if (!confirm) return t('dict.confirmNewPassword');
    const weak = passwordProblem(nPwd);
    if (weak) return translate(weak === 'length' ? 'passwordLength' : 'passwordCommon', lang);
    if (nPwd !== confirm) return translate('passwordMismatch', lang);
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const message = problem();
    if (message) {
      showToast(message);
      return;
    }
    setBusy(true);
    try {
      const serverMessage = await changePassword(oldPwd, nPwd);
      showToast(serverMessage || t('password.done'));
      closeOverlay();
    } catch {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('password.title')} onClose={() => openOverlay('myPop')} testId="change-password-panel">
      <form className="form" onSubmit={submit} noValidate>
        <PasswordField
          label={t('password.old')}
          value={oldPwd}
          onValue={setOldPwd}
          autoComplete="current-password"
          maxLength={64}
          testId="change-password-old"
        />
        <PasswordField
          label={t('password.new')}
          value={nPwd}
          onValue={setNPwd}
          autoComplete="new-password"
          maxLength={64}
          hint={t('auth.newPasswordHint')}
          testId="change-password-new"
        />
        <PasswordField
          label={t('password.confirm')}
          value={confirm}
          onValue={setConfirm}
          autoComplete="new-password"
          maxLength={64}
          testId="change-password-confirm"
        />
        <button
          type="submit"
          className="button button--gold button--block"
          disabled={busy}
          data-testid="change-password-submit"
        >
          {t('password.submit')}
        </button>
      </form>
    </Modal>
  );
}
