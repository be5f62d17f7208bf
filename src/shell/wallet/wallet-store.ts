import type { DepositSelection } from '../../machines/deposit.machine';
import { createStore } from '../../lib/store';
import type { OverlayName } from '../app/overlay-store';

/** Wallet state that outlives one popup: the deposit waiting for KYC and the last payment. */

/** A deposit interrupted by the identity form, to continue once the form is sent. */
export interface PendingDeposit extends DepositSelection {
  /** The popup the deposit was started in ('deposit', 'secondDeposit' or 'gameDeposit'). */
  overlay: OverlayName;
}

export const pendingDepositStore = createStore<PendingDeposit | null>(null);

/** Hands the pending deposit of `overlay` to its popup once; others are left alone. */
export function takePendingDeposit(overlay: OverlayName): DepositSelection | null {
  const pending = pendingDepositStore.get();
  if (!pending || pending.overlay !== overlay) return null;
  pendingDepositStore.set(null);
  return { pkgId: pending.pkgId, wantsGift: pending.wantsGift, amount: pending.amount ?? null };
}

/** The last paid order (spec 4 "sets the pay time"), shown on /paySuccess. */
export interface LastPayment {
  orderId: string;
  payNo: string;
  amount: number;
  paidAt: number;
}

export const lastPaymentStore = createStore<LastPayment | null>(null);
