import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { GAMES } from '../../../domain/codes';
import type { WithdrawLimits, WithdrawMethod } from '../../../domain/schemas/wallet.schema';
import { maskCpf, maskPhone } from '../../lib/format';
import { amountInputCents, formatMoney, formatPercent, parseAmountInput } from '../../lib/format';
import i18n, { bcp47 } from '../../lib/i18n';
import { usdtEstimate, withdrawMachine, type AccountDraft } from '../../machines/withdraw.machine';
import { fetchBalance } from '../../services/user-api';
import { navigateTo } from '../app/navigation';
import { closeOverlay } from '../app/overlay-store';
import { patchUserInfo, useUserInfo } from '../app/session';
import { TextField } from '../components/fields';
import { Layer } from '../components/layer';
import { Modal } from '../components/modal';
import { showWithdrawNotice } from './wallet-notices';
import { machineInspector } from '../../lib/inspector';

const providedWithdraw = withdrawMachine.provide({
  actions: {
    notify: (_, notice) => showWithdrawNotice(notice),
    closePopup: () => closeOverlay(),
    // Spec 5 sends the player home after a withdrawal request, but not out of a game they are
    // playing (issue 18): there the popup closes and the table stays.
    goHome: () => {
      if (!onGameScreen()) navigateTo('/home');
    },
  },
  actors: {
    refreshBalance: fromPromise(async () => patchUserInfo(await fetchBalance())),
  },
});

/** Whether the page behind the popup is one of the six games' screens (`/dice`, `/mines`, …). */
function onGameScreen(): boolean {
  return GAMES.some((g) => window.location.pathname === `/${g.gameType}`);
}

/**
 * Why the amount available to withdraw is what it is, in words (and the wagering as a bar): a
 * player with cash but nothing to withdraw is told what to do, not left with "R$ 0,00".
 */
function WithdrawWhy({ limits }: { limits: WithdrawLimits }) {
  const { t } = useTranslation();
  if (limits.lock) {
    return (
      <p className="callout callout--quiet" data-testid="withdraw-why">
        {t('withdraw.why.locked')}
      </p>
    );
  }
  if (limits.turnoverLeft > 0) {
    const done = Math.max(0, limits.turnoverRequired - limits.turnoverLeft);
    const share = limits.turnoverRequired > 0 ? Math.min(1, done / limits.turnoverRequired) : 0;
    return (
      <div className="callout callout--quiet withdraw-why" data-testid="withdraw-why">
        <p>
          <strong>{t('withdraw.why.turnover', { left: formatMoney(limits.turnoverLeft) })}</strong>
        </p>
        <div
          className="progress__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          aria-label={t('withdraw.why.progressLabel')}
          data-testid="withdraw-turnover-bar"
        >
          <span style={{ width: `${share * 100}%` }} />
        </div>
        <p className="muted">
          {t('withdraw.why.progress', {
            done: formatMoney(done),
            required: formatMoney(limits.turnoverRequired),
          })}{' '}
          {t('withdraw.why.turnoverRule')}
        </p>
      </div>
    );
  }
  if (limits.cash > 0 && limits.dailyLeft < limits.cash) {
    return (
      <p className="callout callout--quiet" data-testid="withdraw-why">
        {t('withdraw.why.daily', { left: formatMoney(limits.dailyLeft) })}
      </p>
    );
  }
  if (limits.wdAmount > 0 && limits.wdAmount < limits.limitAmount) {
    return (
      <p className="callout callout--quiet" data-testid="withdraw-why">
        {t('withdraw.why.belowMinimum', { min: formatMoney(limits.limitAmount) })}
      </p>
    );
  }
  return null;
}

/** Formats a CNPJ while it is typed: `11222333000181` → `11.222.333/0001-81`. */
function maskCnpj(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 14);
  return d
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1/$2')
    .replace(/(\d{4})(\d{1,2})$/, '$1-$2');
}

/** The account number as the field shows it. */
function maskAccount(method: WithdrawMethod, value: string): string {
  if (method === 'CPF') return maskCpf(value);
  if (method === 'CNPJ') return maskCnpj(value);
  return value.trim().slice(0, 64);
}

/** Hides the middle of a saved key, as banks do on receipts: `***.456.789-**`. */
function obscure(method: WithdrawMethod, value: string): string {
  const shown = maskAccount(method, value);
  if (method === 'USDT') return shown.length > 12 ? `${shown.slice(0, 6)}…${shown.slice(-6)}` : shown;
  return shown.replace(/^\d{2,3}/, (m) => '*'.repeat(m.length)).replace(/\d{2}$/, '**');
}

/** The info overlay of spec 5: account, holder name (CPF/CNPJ) and WhatsApp. */
function AccountForm({
  method,
  draft,
  submitAfter,
  onChange,
  onSave,
  onBack,
}: {
  method: WithdrawMethod;
  draft: AccountDraft;
  submitAfter: boolean;
  onChange: (field: keyof AccountDraft, value: string) => void;
  onSave: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const keyLabel =
    method === 'CPF'
      ? t('withdraw.cpfKey')
      : method === 'CNPJ'
        ? t('withdraw.cnpjKey')
        : t('withdraw.usdtAddress');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The portal keeps the DOM apart, but React events still bubble to the withdrawal form.
    event.stopPropagation();
    onSave();
  };
  return (
    <Layer>
      <div className="layer-over">
        <Modal title={t('withdraw.infoTitle')} onClose={onBack} testId="withdraw-info">
          <form className="form" onSubmit={submit} noValidate>
            <p className="form__lead">{t('withdraw.infoLead')}</p>
            <TextField
              label={keyLabel}
              value={draft.payCardNo}
              onValue={(v) => onChange('payCardNo', maskAccount(method, v))}
              inputMode={method === 'USDT' ? 'text' : 'numeric'}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={
                method === 'CPF' ? '000.000.000-00' : method === 'CNPJ' ? '00.000.000/0000-00' : 'T…'
              }
              hint={method === 'USDT' ? undefined : t('withdraw.ownCpfNote')}
              testId="withdraw-info-account"
              data-autofocus
            />
            {method !== 'USDT' && (
              <TextField
                label={t('withdraw.holder')}
                placeholder={t('withdraw.holderPlaceholder')}
                value={draft.name}
                onValue={(v) => onChange('name', v)}
                autoComplete="name"
                maxLength={80}
                testId="withdraw-info-name"
              />
            )}
            <TextField
              label={t('withdraw.whatsapp')}
              placeholder={t('withdraw.whatsappPlaceholder')}
              value={draft.whatsapp}
              onValue={(v) => onChange('whatsapp', maskPhone(v))}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              prefix={<span className="field__prefix">+55</span>}
              testId="withdraw-info-whatsapp"
            />
            <button
              type="submit"
              className="button button--gold button--block"
              data-testid="withdraw-info-save"
            >
              {submitAfter ? t('withdraw.saveAndSubmit') : t('withdraw.save')}
            </button>
          </form>
        </Modal>
      </div>
    </Layer>
  );
}

/** The withdrawal tab of the wallet popup (spec 5 and 9). */
export function WithdrawForm() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const balance = user?.balance ?? 0;
  const [state, send] = useMachine(providedWithdraw, {
    input: {
      balance,
      holderName: user?.name ?? '',
      holderCpf: user?.cpf ? maskCpf(user.cpf) : '',
      holderPhone: user?.phone ? maskPhone(user.phone) : '',
    },
    inspect: machineInspector(),
  });
  const [lang] = useState(() => bcp47(i18n.language));
  useEffect(() => send({ type: 'session.balanceChanged', balance }), [send, balance]);

  const { limits, amount, method, drafts } = state.context;
  const draft = drafts[method];
  const busy = state.matches('submitting') || state.matches('succeeded');

  if (state.matches('loading')) {
    return <div className="skeleton-block" aria-busy="true" data-testid="withdraw-loading" />;
  }
  if (state.matches('failed') || !limits) {
    return (
      <div className="callout" data-testid="withdraw-failed">
        <p>{t('wallet.loadFailed')}</p>
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'player.retry' })}>
          {t('wallet.retry')}
        </button>
      </div>
    );
  }

  const cents = amountInputCents(amount);
  const usdt = usdtEstimate((cents ?? 0) / 100, limits.usdtRate);
  const hasAccount = draft.payCardNo.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'player.submit' });
  };

  return (
    <form className="withdraw" onSubmit={submit} noValidate data-testid="withdraw-panel">
      <p className="form__lead">{t('withdraw.lead')}</p>
      <div className="available">
        <span>{t('withdraw.available')}</span>
        <strong data-testid="withdraw-available">{formatMoney(limits.wdAmount)}</strong>
      </div>
      <WithdrawWhy limits={limits} />
      <TextField
        label={t('withdraw.amount')}
        placeholder={t('withdraw.amountPlaceholder', { min: formatMoney(limits.limitAmount) })}
        value={amount}
        onValue={(v) => send({ type: 'player.changeAmount', amount: v })}
        hint={
          state.context.capped
            ? t('withdraw.capped', { amount: formatMoney(parseAmountInput(amount)) })
            : undefined
        }
        inputMode="decimal"
        autoComplete="off"
        prefix={<span className="field__prefix">R$</span>}
        suffix={
          <button
            type="button"
            className="button button--small button--outline field__action"
            onClick={() => send({ type: 'player.useAll' })}
            data-testid="withdraw-all"
          >
            {t('withdraw.all')}
          </button>
        }
        testId="withdraw-amount"
      />
      <fieldset className="segmented">
        <legend className="field__label">{t('withdraw.method')}</legend>
        <div className="segmented__options">
          {limits.cardInfo.CHANNEL.map((m) => (
            <button
              key={m}
              type="button"
              className="segmented__option"
              aria-pressed={m === method}
              onClick={() => send({ type: 'player.selectMethod', method: m })}
              data-testid={`withdraw-method-${m}`}
            >
              {t(`withdraw.methods.${m}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="account-row" data-testid="withdraw-account">
        <div className="account-row__text">
          <span className="field__label">{t('withdraw.account')}</span>
          {hasAccount ? (
            <span>
              {obscure(method, draft.payCardNo)}
              {method !== 'USDT' && draft.name ? ` · ${draft.name}` : ''}
            </span>
          ) : (
            <span className="muted">{t('withdraw.noAccount')}</span>
          )}
        </div>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => send({ type: 'player.editAccount' })}
          data-testid="withdraw-edit-account"
        >
          {hasAccount ? t('withdraw.editAccount') : t('withdraw.addAccount')}
        </button>
      </div>
      {method === 'USDT' && (
        <div className="callout callout--quiet" data-testid="withdraw-usdt">
          <p>
            <strong data-testid="withdraw-usdt-estimate">
              {t('withdraw.usdtEstimate', {
                usdt: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(usdt),
              })}
            </strong>
          </p>
          <p className="muted">
            {t('withdraw.usdtRate', { rate: formatMoney(limits.usdtRate) })} · {t('withdraw.usdtFee')}
          </p>
        </div>
      )}
      <dl className="facts facts--compact" aria-label={t('withdraw.limits')}>
        <div>
          <dt>{t('withdraw.minimum')}</dt>
          <dd>{formatMoney(limits.limitAmount)}</dd>
        </div>
        <div>
          <dt>{t('withdraw.maximum')}</dt>
          <dd data-testid="withdraw-max">{formatMoney(limits.maxAmount)}</dd>
        </div>
        <div>
          <dt>{t('withdraw.left')}</dt>
          <dd data-testid="withdraw-left">{limits.unlimited ? t('withdraw.unlimited') : limits.number}</dd>
        </div>
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd data-testid="withdraw-fee">{formatPercent(limits.serviceAmount, lang)}</dd>
        </div>
      </dl>
      <button
        type="submit"
        className="button button--gold button--block"
        disabled={busy}
        data-testid="withdraw-submit"
      >
        {busy ? t('withdraw.submitting') : t('withdraw.submit')}
      </button>

      {state.matches('account') && (
        <AccountForm
          method={method}
          draft={draft}
          submitAfter={state.context.submitAfterAccount}
          onChange={(field, value) => send({ type: 'player.changeAccount', field, value })}
          onSave={() => send({ type: 'player.saveAccount' })}
          onBack={() => send({ type: 'player.back' })}
        />
      )}
    </form>
  );
}
