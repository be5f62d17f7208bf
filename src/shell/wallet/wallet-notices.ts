import { translate } from '../../../domain/messages';
import i18n, { currentLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/format';
import type { DepositNotice } from '../../machines/deposit.machine';
import type { TransferNotice } from '../../machines/transfer.machine';
import type { WithdrawNotice } from '../../machines/withdraw.machine';
import { showAlert, showToast } from '../app/dialogs';

/**
 * How the wallet machines' notices reach the player. The withdrawal checks of section 5 use the
 * server's own catalogue (domain/messages.ts), so the client prints exactly what the server would;
 * they are alerts, like the server's refusals, because the player has to act on them.
 */

/** The text of a deposit notice ('sucesso', the game plan's text, a cancelled order). */
export function depositNoticeText(notice: DepositNotice): string {
  switch (notice) {
    case 'paid':
      return i18n.t('deposit.paid');
    case 'gamePaid':
      return i18n.t('deposit.gamePaid');
    case 'orderCancelled':
      return i18n.t('deposit.orderCancelled');
  }
}

/** Shows a deposit notice as a toast. */
export function showDepositNotice(notice: DepositNotice): void {
  showToast(depositNoticeText(notice));
}

/** The text of a withdrawal notice and whether it is an alert (section 5's checks) or a toast. */
export function withdrawNoticeText(notice: WithdrawNotice): { text: string; alert: boolean } {
  const lang = currentLanguage();
  switch (notice.kind) {
    case 'locked':
      return { text: translate('withdrawLocked', lang), alert: true };
    case 'noneLeft':
      return { text: translate('withdrawNoneLeft', lang), alert: true };
    case 'nothing':
      return { text: translate('withdrawNothing', lang), alert: true };
    case 'belowMin':
      return { text: translate('withdrawMin', lang, { amount: notice.amount }), alert: true };
    case 'aboveMax':
      return { text: translate('withdrawMax', lang, { amount: notice.amount }), alert: true };
    case 'accountRequired':
      return {
        text: i18n.t(
          notice.method === 'CPF'
            ? 'withdraw.enterCpf'
            : notice.method === 'CNPJ'
              ? 'withdraw.enterCnpj'
              : 'withdraw.enterUsdt',
        ),
        alert: false,
      };
    case 'accountInvalid':
      return { text: translate('withdrawAccountInvalid', lang), alert: false };
    case 'nameRequired':
      return { text: translate('withdrawNameRequired', lang), alert: false };
    case 'whatsappRequired':
      return { text: translate('withdrawWhatsappRequired', lang), alert: false };
    case 'done':
      return { text: notice.message || translate('withdrawDone', lang), alert: false };
  }
}

/** Shows a withdrawal notice. */
export function showWithdrawNotice(notice: WithdrawNotice): void {
  const { text, alert } = withdrawNoticeText(notice);
  if (alert) void showAlert(text);
  else showToast(text);
}

/** The text of a transfer notice (spec 5's messages first). */
export function transferNoticeText(notice: TransferNotice): string {
  switch (notice.kind) {
    case 'enterAmount':
      return i18n.t('dict.enterTransferAmount');
    case 'enterRecipient':
      return i18n.t('dict.enterTransferRecipient');
    case 'enterCode':
      return i18n.t('dict.enterEmailCode');
    case 'codeSent':
      return i18n.t('transfer.codeSent');
    case 'done':
      return i18n.t('transfer.done', { amount: formatMoney(notice.amount), to: notice.to });
  }
}

/** Shows a transfer notice as a toast. */
export function showTransferNotice(notice: TransferNotice): void {
  showToast(transferNoticeText(notice));
}
