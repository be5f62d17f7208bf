import type { AppContext } from '../../platform/context';
import type { PspAdapter } from '../../platform/psp';
import { finishWithdrawal } from './withdraw.service';
import { payoutOwnerOf } from './withdrawals.repository';

/** Why a withdrawal was refused at the last check (shown to the player with the returned money). */
export const FOREIGN_KEY_NOTE = 'chave PIX de outro titular: o saque só pode ir para o CPF do jogador';

/**
 * The rule that prizes and withdrawals go only to an account the player holds (`br-regulated`:
 * Lei 14.790/2023, Portaria SPA/MF 615/2024, research/brazil.md §4.3; elsewhere the default
 * `TREVO_WITHDRAW_KEYS=own`, decision 70), checked at the last moment: every payout Trevo asks of
 * the provider passes here. `withdraw` already refuses another key; this catches what was queued
 * before the rule changed (or by an instance still running the other rule): a PIX to a CPF key
 * that is not the player's own CPF, or a CNPJ, is never sent — the withdrawal fails and its hold
 * returns to the player.
 * A CPF key belongs by DICT rule to the holder of that CPF, so the player's own CPF as the key is
 * an account the player holds.
 */
export function guardPayoutOwner(ctx: AppContext, psp: PspAdapter): PspAdapter {
  return {
    name: psp.name,
    createCharge: (input) => psp.createCharge(input),
    getCharge: (txid) => psp.getCharge(txid),
    verifyWebhook: (rawBody, headers) => psp.verifyWebhook(rawBody, headers),
    refund: (endToEndId, amountCents) => psp.refund(endToEndId, amountCents),
    getPayout: (id) => psp.getPayout(id),
    async createPayout(input) {
      const regulated = ctx.config.profile === 'br-regulated';
      if (regulated || ctx.config.withdrawKeys === 'own') {
        const owner = await payoutOwnerOf(ctx.db, input.id);
        const own =
          owner !== undefined &&
          input.method === owner.method &&
          input.account === owner.account &&
          ((owner.method === 'CPF' && owner.account === owner.cpf) ||
            // Outside br-regulated, USDT as withdraw allows it (user type 20).
            (!regulated && owner.method === 'USDT'));
        if (!own) {
          ctx.log.warn(
            { withdrawalId: input.id, method: input.method },
            "payout refused: the PIX key is not the player's own",
          );
          await finishWithdrawal(ctx, input.id, ['queued'], 'failed', FOREIGN_KEY_NOTE);
          return { id: input.id, status: 'NAO_REALIZADO' };
        }
      }
      return psp.createPayout(input);
    },
  };
}
