import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { UserInfo } from '../../../domain/schemas/user.schema';
import { bcp47 } from '../../lib/i18n';
import i18n from '../../lib/i18n';
import { formatCountdown, formatMoney, formatPercent } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { depositMachine, selectedPackage, type DepositSelection } from '../../machines/deposit.machine';
import { CUSTOM_PACKAGE } from '../../../domain/schemas/wallet.schema';
import { CustomAmount } from './custom-amount';
import { loadSiteInfo } from '../../services/site-api';
import { paymentOrderMachine } from '../../machines/payment-order.machine';
import { isAppMode } from '../../lib/storage';
import type { DepositVariant } from '../../services/wallet-api';
import { showAlert, showToast } from '../app/dialogs';
import { navigateTo } from '../app/navigation';
import { closeOverlay, openOverlay, type OverlayName } from '../app/overlay-store';
import { refreshUserInfo, useUserInfo } from '../app/session';
import { PixIcon, SparkIcon } from '../components/icons';
import { Layer } from '../components/layer';
import { Modal } from '../components/modal';
import { OfferMissedNote, OfferTeaser } from './offer-teaser';
import { PaymentFrame, PaymentWait } from './payment-frame';
import { showDepositNotice } from './wallet-notices';
import { lastPaymentStore, pendingDepositStore } from './wallet-store';
import { machineInspector } from '../../lib/inspector';

/** The deposit machine with the shell's dialogs, navigation and session plugged in. */
function providedDeposit(overlay: OverlayName) {
  return depositMachine.provide({
    actions: {
      // With "Outro valor" chosen, what is missing is an amount within the range there, which the
      // specification's "select an amount" would not tell the player.
      alertNoAmount: ({ context }) =>
        void (async () => {
          const range = context.pkgId === CUSTOM_PACKAGE ? (await loadSiteInfo())?.deposit : undefined;
          showAlert(
            range
              ? i18n.t('deposit.customOutside', { min: formatMoney(range.min), max: formatMoney(range.max) })
              : i18n.t('dict.selectRechargeAmount'),
            i18n.t('common.understood'),
          );
        })(),
      openKyc: (_, selection) => {
        pendingDepositStore.set({ ...selection, overlay });
        openOverlay('editBank');
      },
      notify: (_, params) => showDepositNotice(params.message),
      recordPayment: (_, params) => {
        if (!params.order) return;
        lastPaymentStore.set({
          orderId: params.order.orderId,
          payNo: params.order.payNo,
          amount: params.amount,
          paidAt: params.paidAt,
        });
      },
      closePopup: () => closeOverlay(),
      goHome: () => navigateTo('/home'),
    },
    actors: {
      refreshUser: fromPromise(() => refreshUserInfo()),
      paymentOrder: paymentOrderMachine.provide({
        actions: { notify: () => showToast(i18n.t('payment.recharged')) },
      }),
    },
  });
}

/** Spec 9: hours, arrival times and the 30-minute payment window. */
export function DepositNotes() {
  const { t } = useTranslation();
  return (
    <div className="deposit-notes" data-testid="deposit-notes">
      <dl className="facts">
        <div>
          <dt>{t('deposit.hours')}</dt>
          <dd>{t('deposit.hoursValue')}</dd>
        </div>
        <div>
          <dt>{t('deposit.arrival')}</dt>
          <dd>{t('deposit.arrivalValue')}</dd>
        </div>
        <div>
          <dt>{t('deposit.fastestWithdrawal')}</dt>
          <dd>{t('deposit.fastestWithdrawalValue')}</dd>
        </div>
      </dl>
      <p className="note">{t('deposit.paymentWindow')}</p>
    </div>
  );
}

/** The discount fraction while `payDiscount` lasts at `now`, else 0. */
export function activeDiscount(discount: UserInfo['payDiscount'] | undefined, now: number): number {
  if (!discount || discount.discount <= 0 || !discount.expiredTime) return 0;
  return Date.parse(discount.expiredTime) > now ? discount.discount : 0;
}

/** The bonus (BRL) a deposit of `price` BRL brings at discount `fraction`, rounded down as the server does. */
export function discountBonus(price: number, fraction: number): number {
  return Math.floor(Math.round(price * 100) * fraction) / 100;
}

/**
 * The `payDiscount` banner (spec 9) while it lasts: the percent, the time left and, with `price`
 * (the amount chosen), what that deposit brings. Decision 17: it is not a price cut but a bonus
 * credited to the bonus wallet, so it says "bônus", never "desconto".
 */
export function DiscountBanner({ discount, price }: { discount: UserInfo['payDiscount']; price?: number }) {
  const { t } = useTranslation();
  const lang = bcp47(i18n.language);
  const endsAt = discount.expiredTime ? Date.parse(discount.expiredTime) : Number.NaN;
  const now = useNow(1000, discount.discount > 0 && Number.isFinite(endsAt));
  const fraction = activeDiscount(discount, now);
  if (fraction === 0) return null;
  return (
    <p className="discount" data-testid="deposit-discount">
      <SparkIcon />
      <span>{t('deposit.discount', { percent: formatPercent(fraction, lang) })}</span>
      <span className="discount__time">
        {t('deposit.discountEnds', { time: formatCountdown(endsAt - now) })}
      </span>
      {price !== undefined && price > 0 && (
        <span className="discount__this" data-testid="deposit-discount-this">
          {t('deposit.discountThis', { amount: formatMoney(discountBonus(price, fraction)) })}
        </span>
      )}
    </p>
  );
}

/**
 * The deposit of one popup: the packages of `variant`, confirm-to-pay, the payment frame and the
 * wait overlay. `overlay` is the popup it lives in, to come back to after the identity form.
 */
export function DepositFlow({ variant, overlay }: { variant: DepositVariant; overlay: OverlayName }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const kycVerified = user?.kyc === 1;
  // Read without taking: StrictMode may run initialisers twice. The effect below clears it.
  const [resume] = useState<DepositSelection | null>(() => {
    const pending = pendingDepositStore.get();
    return pending?.overlay === overlay
      ? { pkgId: pending.pkgId, wantsGift: pending.wantsGift, amount: pending.amount ?? null }
      : null;
  });
  const [machine] = useState(() => providedDeposit(overlay));
  const [state, send] = useMachine(machine, {
    input: { variant, kycVerified, isApp: isAppMode(), resume },
    inspect: machineInspector(),
  });

  useEffect(() => {
    if (pendingDepositStore.get()?.overlay === overlay) pendingDepositStore.set(null);
  }, [overlay]);
  useEffect(() => send({ type: 'session.kycChanged', verified: kycVerified }), [send, kycVerified]);

  const { packages, wantsGift, order } = state.context;
  const selected = selectedPackage(state.context);
  const busy = state.matches('prepaying');
  const confirming = state.matches('confirming') || busy;
  // The server applies the discount that is valid when the money arrives; this shows today's.
  const now = useNow(1000, confirming);
  const discount = confirming ? activeDiscount(user?.payDiscount, now) : 0;
  // The plain deposit and the game's plan carry no offer bonus, yet end the offer they pay into.
  const plain = variant === 'BRL' || variant === 'INSBRL';

  if (state.matches('loadingPrices')) {
    return (
      <div className="packages" aria-busy="true" data-testid="deposit-loading">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="package package--placeholder" />
        ))}
      </div>
    );
  }
  if (state.matches('failed')) {
    return (
      <div className="callout" data-testid="deposit-failed">
        <p>{t('wallet.loadFailed')}</p>
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'player.retry' })}>
          {t('wallet.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="deposit" data-testid="deposit-panel" data-state={JSON.stringify(state.value)}>
      {plain && <OfferTeaser />}
      <p className="deposit__method">
        <PixIcon className="deposit__pix" /> {t('deposit.lead')}
      </p>
      {user && <DiscountBanner discount={user.payDiscount} price={selected?.price} />}
      <h3 className="sub-title" id={`deposit-choose-${overlay}`}>
        {t('deposit.choose')}
      </h3>
      <ul className="packages" aria-labelledby={`deposit-choose-${overlay}`}>
        {packages.map((pkg) => (
          <li key={pkg.pkgId}>
            <button
              type="button"
              className="package"
              aria-pressed={pkg.pkgId === state.context.pkgId}
              onClick={() => send({ type: 'player.select', pkgId: pkg.pkgId })}
              data-testid={`deposit-price-${pkg.price}`}
            >
              <span className="package__price">{formatMoney(pkg.price)}</span>
              {pkg.gift > 0 && (
                <span className="package__gift">{t('deposit.bonus', { amount: formatMoney(pkg.gift) })}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {variant === 'BRL' && (
        <CustomAmount
          selected={state.context.pkgId === CUSTOM_PACKAGE}
          initial={state.context.customAmount}
          onAmount={(amount) => send({ type: 'player.custom', amount })}
        />
      )}
      {selected && selected.gift > 0 && (
        <label className="check">
          <input
            type="checkbox"
            checked={wantsGift}
            onChange={(event) => send({ type: 'player.toggleGift', wantsGift: event.target.checked })}
            data-testid="deposit-gift"
          />
          <span>
            {t('deposit.takeBonus', { amount: formatMoney(selected.gift) })}
            <small className="check__hint">{t('deposit.bonusNote')}</small>
          </span>
        </label>
      )}
      <button
        type="button"
        className="button button--gold button--block"
        onClick={() => send({ type: 'player.confirm' })}
        disabled={busy}
        data-testid="deposit-submit"
      >
        {selected ? t('deposit.submit', { amount: formatMoney(selected.price) }) : t('deposit.submitEmpty')}
      </button>
      <DepositNotes />

      {confirming && selected && (
        <Layer>
          <div className="layer-over">
            <Modal
              title={t('deposit.confirmTitle')}
              onClose={busy ? undefined : () => send({ type: 'player.back' })}
              testId="deposit-confirm"
            >
              <dl className="summary">
                <div>
                  <dt>{t('deposit.confirmAmount')}</dt>
                  <dd className="summary__total">{formatMoney(selected.price)}</dd>
                </div>
                {selected.gift > 0 && wantsGift && (
                  <div>
                    <dt>{t('deposit.confirmBonus')}</dt>
                    <dd>{formatMoney(selected.gift)}</dd>
                  </div>
                )}
                {discount > 0 && (
                  <div>
                    <dt>
                      {t('deposit.confirmDiscount', {
                        percent: formatPercent(discount, bcp47(i18n.language)),
                      })}
                    </dt>
                    <dd data-testid="deposit-confirm-discount">
                      +{formatMoney(discountBonus(selected.price, discount))}
                    </dd>
                  </div>
                )}
                <div>
                  <dt>{t('deposit.confirmMethod')}</dt>
                  <dd>
                    <PixIcon className="inline-icon" /> Pix
                  </dd>
                </div>
              </dl>
              {plain && <OfferMissedNote />}
              <p className="note">{t('deposit.paymentWindow')}</p>
              <button
                type="button"
                className="button button--gold button--block"
                onClick={() => send({ type: 'player.pay' })}
                disabled={busy}
                data-testid="deposit-confirm-pay"
                data-autofocus
              >
                {busy ? t('deposit.paying') : t('deposit.confirmPay')}
              </button>
              <button
                type="button"
                className="button button--ghost button--block"
                onClick={() => send({ type: 'player.back' })}
                disabled={busy}
                data-testid="deposit-confirm-back"
              >
                {t('deposit.confirmBack')}
              </button>
            </Modal>
          </div>
        </Layer>
      )}

      {order && state.matches({ payment: 'frame' }) && (
        <PaymentFrame
          url={order.url}
          amount={selected?.price ?? 0}
          onClose={() => send({ type: 'player.closeFrame' })}
        />
      )}
      {order && state.matches({ payment: 'waitOverlay' }) && (
        <PaymentWait
          payNo={order.payNo}
          amount={selected?.price ?? 0}
          onComplete={() => send({ type: 'player.complete' })}
          onCancel={() => send({ type: 'player.cancelRecharge' })}
          onReopen={() => send({ type: 'player.reopenFrame' })}
        />
      )}
    </div>
  );
}
