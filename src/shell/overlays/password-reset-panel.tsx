import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../../domain/messages';
import i18n, { currentLanguage } from '../../lib/i18n';
import { passwordResetMachine, type ResetNotice } from '../../machines/password-reset.machine';
import { showToast } from '../app/dialogs';
import { closeOverlay, openOverlay } from '../app/overlay-store';
import { PasswordField, TextField } from '../components/fields';
import { BackIcon } from '../components/icons';
import { Modal } from '../components/modal';
import { machineInspector } from '../../lib/inspector';

function noticeText(notice: ResetNotice, email: string): string {
  const lang = currentLanguage();
  switch (notice) {
    case 'enterEmail':
      return i18n.t('dict.enterEmail');
    case 'incomplete':
      return i18n.t('reset.incomplete');
    case 'confirmNewPassword':
      return i18n.t('dict.confirmNewPassword');
    case 'passwordLength':
    case 'passwordCommon':
    case 'passwordMismatch':
      return translate(notice, lang);
    case 'codeSent':
      return i18n.t('reset.codeSent', { email });
    case 'done':
      return i18n.t('reset.done');
  }
}

/** The machine with the panel's toasts and the way back to login plugged in. */
const providedMachine = passwordResetMachine.provide({
  actions: {
    notify: ({ context }, params) => showToast(noticeText(params.message, context.email.trim())),
    goToLogin: () => openOverlay('login'),
  },
});

/** Password recovery overlay (spec 4): the three steps driven by the password-reset machine. */
export function PasswordResetPanel() {
  const { t } = useTranslation();
  const [state, send] = useMachine(providedMachine, { inspect: machineInspector() });
  const { email, code, password, confirm, codeSentTo } = state.context;
  const onPasswordStep = state.matches('passwordStep');
  const step = onPasswordStep ? 3 : codeSentTo ? 2 : 1;
  const sending = state.matches({ emailStep: 'sendingCode' });
  const checking = state.matches({ emailStep: 'checkingCode' });
  const saving = state.matches({ passwordStep: 'saving' });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'player.submitCode' });
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'player.submitPassword' });
  };

  return (
    <Modal title={t('reset.title')} onClose={closeOverlay} testId="reset-panel" variant="sheet">
      <div className="reset-top">
        <button
          type="button"
          className="link-button link-button--icon"
          onClick={() => send({ type: 'player.back' })}
          data-testid="reset-back"
        >
          <BackIcon /> {onPasswordStep ? t('common.back') : t('reset.backToLogin')}
        </button>
        <p className="steps" aria-live="polite" data-testid="reset-step">
          {t('reset.steps', { step })}
        </p>
      </div>
      <ol className="stepper" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className={n <= step ? 'stepper__dot stepper__dot--on' : 'stepper__dot'} />
        ))}
      </ol>
      {onPasswordStep ? (
        <form className="form" onSubmit={submitPassword} noValidate data-testid="reset-password-form">
          <PasswordField
            label={t('reset.newPassword')}
            value={password}
            onValue={(v) => send({ type: 'player.changePassword', password: v })}
            autoComplete="new-password"
            maxLength={64}
            hint={t('auth.newPasswordHint')}
            testId="reset-new-password"
            data-autofocus
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            value={confirm}
            onValue={(v) => send({ type: 'player.changeConfirm', confirm: v })}
            autoComplete="new-password"
            maxLength={64}
            testId="reset-confirm-password"
          />
          <button
            type="submit"
            className="button button--gold button--block"
            disabled={saving}
            data-testid="reset-submit-password"
          >
            {t('reset.submit')}
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={submitCode} noValidate data-testid="reset-code-form">
          <p className="form__lead">{t('reset.lead')}</p>
          <TextField
            label={t('reset.email')}
            placeholder={t('auth.usernamePlaceholder')}
            value={email}
            onValue={(v) => send({ type: 'player.changeEmail', email: v.trim().toLowerCase() })}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={254}
            testId="reset-email"
            suffix={
              <button
                type="button"
                className="button button--small button--outline field__action"
                onClick={() => send({ type: 'player.sendCode' })}
                disabled={sending}
                data-testid="reset-send-code"
              >
                {sending ? t('reset.sending') : codeSentTo ? t('reset.resend') : t('reset.sendCode')}
              </button>
            }
          />
          <TextField
            label={t('reset.code')}
            placeholder={t('reset.codePlaceholder')}
            value={code}
            onValue={(v) => send({ type: 'player.changeCode', code: v.replace(/\D/g, '').slice(0, 6) })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={codeSentTo ? t('reset.codeSent', { email: codeSentTo }) : undefined}
            testId="reset-code"
          />
          <button
            type="submit"
            className="button button--gold button--block"
            disabled={checking}
            data-testid="reset-submit-code"
          >
            {t('reset.next')}
          </button>
        </form>
      )}
    </Modal>
  );
}
