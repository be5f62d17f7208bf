import { z } from 'zod/mini';

/**
 * The site-wide answers a page reads before anyone logs in (server/modules/site): what the site is
 * (`main/site`), the VIP table (`main/vip`) and home's winners feed (`main/winners`). Money in BRL.
 */

/** The operator's legal data shown in the footer (required by the `br-regulated` profile). */
export const legalDataSchema = z.object({
  company: z.string(),
  cnpj: z.string(),
  authorization: z.string(),
  address: z.string(),
  sac: z.string(),
  ouvidoria: z.string(),
});
export type LegalDataView = z.infer<typeof legalDataSchema>;

/** `GET /api/app/main/site`: the compliance profile, demo flag, legal data and sign-up limits. */
export const siteInfoSchema = z.object({
  profile: z.enum(['seed', 'br-regulated']),
  /** True on the sandbox PSP: no real money moves. */
  demo: z.boolean(),
  legal: z.nullable(legalDataSchema),
  /** The limits set at sign-up when the player sets none: BRL of loss and minutes per day. */
  signupLimits: z.object({ required: z.boolean(), loss: z.number(), session: z.number() }),
  /**
   * The range of a deposit of the player's own amount, BRL. This server always sends it; optional
   * so a page still reads an answer without it (the custom amount is then not offered).
   */
  deposit: z.optional(z.object({ min: z.number(), max: z.number() })),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** One level of the VIP table (`GET /api/app/main/vip`, API.md: five values per level). */
export const vipLevelSchema = z.object({
  level: z.int(),
  /** Deposits (BRL) needed to reach the level. */
  depositSum: z.number(),
  /** Wagers (BRL) needed to reach the level. */
  wagerSum: z.number(),
  /** Bonus (BRL) paid once when the level is reached. */
  upgradeAward: z.number(),
  /** Withdrawals allowed per day; 0 means unlimited. */
  withdrawalsPerDay: z.int(),
  /** Largest total (BRL) that can be withdrawn per day. */
  withdrawalLimitPerDay: z.number(),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

/** A paid bet of home's winners feed (`GET /api/app/main/winners`), the player masked. */
export const recentWinnerSchema = z.object({
  id: z.string(),
  game: z.string(),
  player: z.string(),
  amount: z.number(),
  multiplier: z.number(),
  payout: z.number(),
  /** When it was settled (ISO); null if the bet row has no settlement time. */
  at: z.nullable(z.string()),
});
export type RecentWinner = z.infer<typeof recentWinnerSchema>;

/** `GET /api/app/main/csid`: nothing in `data`; the message is `chatId#telegram` (spec 7). */
export const supportContactsDataSchema = z.null();

/** `GET /api/health`: the database answered; which engine it is (PGlite or PostgreSQL). */
export const healthSchema = z.object({ db: z.enum(['pglite', 'postgres']) });
