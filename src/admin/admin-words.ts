import { useTranslation } from 'react-i18next';
import ptBR from './locales/pt_BR.json';

type Catalogue = Record<string, string>;
const ACCOUNTS: Catalogue = ptBR.words.accounts;
const TX_KINDS: Catalogue = ptBR.words.txKinds;
const LIMITS: Catalogue = ptBR.words.limits;
const PERIODS: Catalogue = ptBR.words.periods;

/** The transaction kinds the console names, for its filters (the catalogue's keys, one place). */
export const TRANSACTION_KINDS = Object.keys(TX_KINDS);

/**
 * Words for the ledger's codes (issue 19, item 4: "house_game", "user_cash:100005", "bet_stake"):
 * the operator reads the word, and the code stays beside it as small print where it helps. A code
 * the catalogue does not know yet is shown as it is rather than hidden.
 */
export function useLedgerWords() {
  const { t } = useTranslation();
  const word = (group: 'accounts' | 'txKinds' | 'limits' | 'periods', table: Catalogue, code: string) =>
    code in table ? t(`admin.words.${group}.${code}` as 'admin.words.accounts.user_cash') : code;
  return {
    /** `house_game` → "Casa: cassino"; `user_cash:100005` → "Saldo em dinheiro · jogador #100005". */
    account: (code: string) => {
      const [kind, owner] = code.split(':');
      const name = word('accounts', ACCOUNTS, kind!);
      return owner ? t('admin.words.ofPlayer', { account: name, id: owner }) : name;
    },
    txKind: (kind: string) => word('txKinds', TX_KINDS, kind),
    limit: (kind: string) => word('limits', LIMITS, kind),
    period: (period: string) => word('periods', PERIODS, period),
  };
}
