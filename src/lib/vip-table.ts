import { vip } from '../../config/default.json';

/**
 * The VIP table of API.md (levels 0–12, five values each). No call serves it yet, so the client
 * reads the operator configuration the server starts from; an operator who changes the table in
 * their own TREVO_CONFIG needs the server to serve it (see the wallet issue's notes).
 */
export interface VipRow {
  level: number;
  /** Deposits (BRL) needed to reach the level. */
  depositSum: number;
  /** Wagers (BRL) needed to reach the level. */
  wagerSum: number;
  /** Bonus (BRL) paid once when the level is reached (award type 14). */
  upgradeAward: number;
  /** Withdrawals allowed per day; 0 means unlimited. */
  withdrawalsPerDay: number;
  /** Largest total (BRL) that can be withdrawn per day. */
  withdrawalLimitPerDay: number;
}

export const VIP_TABLE: readonly VipRow[] = vip;
