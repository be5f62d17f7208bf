import { useMachine } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useNow } from '../../lib/use-now';
import { RESEND_AFTER_MS, transferMachine } from '../../machines/transfer.machine';
import { fetchBalance } from '../../services/user-api';
import { patchUserInfo, useUserInfo } from '../app/session';
import { TextField } from '../components/fields';
import { showTransferNotice } from './wallet-notices';
import { machineInspector } from '../../lib/inspector';

const providedTransfer = transferMachine.provide({
  actions: { notify: (_, notice) => showTransferNotice(notice) },
  actors: { refreshBalance: fromPromise(async () => patchUserInfo(await fetchBalance())) },
});

/** Transfer to another player by username, confirmed with an e-mailed code (payments.md). */
export function TransferForm() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const balance = user?.balance ?? 0;
  const [state, send] = useMachine(providedTransfer, { input: { balance }, inspect: machineInspector() });
  useEffect(() => send({ type: 'session.balanceChanged', balance }), [send, balance]);

  const coolingDown = state.matches({ code: 'coolingDown' });
  const sending = state.matches({ code: 'sending' });
  const submitting = !state.matches({ form: 'idle' });
  const now = useNow(1000, coolingDown);
  const sentAt = state.context.codeSentAt ?? now;
  const secondsLeft = Math.min(
    RESEND_AFTER_MS / 1000,
    Math.max(0, Math.ceil((sentAt + RESEND_AFTER_MS - now) / 1000)),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'player.submit' });
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="transfer-form">
      <p className="form__lead">{t('transfer.lead')}</p>
      <TextField
        label={t('transfer.amount')}
        placeholder={t('transfer.amountPlaceholder')}
        value={state.context.amount}
        onValue={(v) => send({ type: 'player.changeAmount', amount: v })}
        inputMode="decimal"
        autoComplete="off"
        prefix={<span className="field__prefix">R$</span>}
        testId="transfer-amount"
      />
      <TextField
        label={t('transfer.recipient')}
        placeholder={t('transfer.recipientPlaceholder')}
        value={state.context.username}
        onValue={(v) => send({ type: 'player.changeUsername', username: v })}
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
        testId="transfer-username"
      />
      <TextField
        label={t('transfer.code')}
        placeholder={t('transfer.codePlaceholder')}
        value={state.context.code}
        onValue={(v) => send({ type: 'player.changeCode', code: v })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        testId="transfer-code"
        suffix={
          <button
            type="button"
            className="button button--small button--outline field__action"
            onClick={() => send({ type: 'player.sendCode' })}
            disabled={sending || coolingDown}
            data-testid="transfer-send-code"
          >
            {sending
              ? t('transfer.sending')
              : coolingDown
                ? t('transfer.resendIn', { seconds: secondsLeft })
                : t('transfer.sendCode')}
          </button>
        }
      />
      <button
        type="submit"
        className="button button--gold button--block"
        disabled={submitting}
        data-testid="transfer-submit"
      >
        {t('transfer.submit')}
      </button>
    </form>
  );
}
