import { vip } from '../../config/default.json';

/**
 * The VIP table of API.md (levels 0–12, five values each). The page draws the table the build
 * carries at once, then the server's (`GET /api/app/main/vip`), which an operator may have changed
 * from the console since (src/shell/pages/vip-page.tsx).
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
