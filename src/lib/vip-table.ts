import type { VipLevel } from '../../domain/schemas/site.schema';
import { vip } from '../../config/default.json';

/**
 * The VIP table of API.md (levels 0–12, five values each). The page draws the table the build
 * carries at once, then the server's (`GET /api/app/main/vip`), which an operator may have changed
 * from the console since (src/shell/pages/vip-page.tsx). A row is the server's `vipLevelSchema`.
 */
export type VipRow = VipLevel;

export const VIP_TABLE: readonly VipRow[] = vip;
