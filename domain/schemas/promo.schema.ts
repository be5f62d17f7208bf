import { z } from 'zod/mini';
import { pageParam, textInt } from './common.schema';

/**
 * Referrals, promotions and bonuses (API.md "Added calls", issue 7): the payloads of
 * `user/referrals`, `main/banners|promotions|sponsors`, `bonus/list|receive`, `agent/rewards`.
 */

/** `GET /api/app/user/referrals?level=1|2|3&page=&size=`. */
export const referralsQuerySchema = z.strictObject({
  level: z.pipe(
    textInt('referralLevelInvalid'),
    z
      .number()
      .check(
        z.minimum(1, { message: 'referralLevelInvalid' }),
        z.maximum(3, { message: 'referralLevelInvalid' }),
      ),
  ),
  page: pageParam(10_000, 1),
  size: pageParam(50, 20),
  loading: z.optional(z.string()),
});

/** One invitee of the /share table (see server/modules/promo/referrals.service.ts for each column). */
export const referralRowSchema = z.object({
  joinedAt: z.string(),
  totalDeposit: z.number(),
  level: z.number(),
  invitee: z.string(),
  firstDeposit: z.number(),
  wagered: z.number(),
  profit: z.number(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

export const referralPageSchema = z.object({
  level: z.number(),
  rate: z.number(),
  list: z.array(referralRowSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type ReferralPage = z.infer<typeof referralPageSchema>;

/** A home banner: texts in the request's language, a site link and an art file of public/. */
export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  art: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const promotionSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  link: z.string(),
  art: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const sponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  art: z.string(),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

/** `gift:<id>` the promo gift, `agent:<level>` an agent reward, `commission` the referral commission. */
export const BONUS_ID = /^(gift:[a-z0-9-]{1,32}|agent:[1-9][0-9]?|commission)$/;

/** `POST /api/app/bonus/receive { bonusId }`. */
export const bonusReceiveSchema = z.strictObject({
  bonusId: z
    .string({ message: 'bonusUnavailable' })
    .check(z.regex(BONUS_ID, { message: 'bonusUnavailable' })),
});

export const bonusSchema = z.object({
  bonusId: z.string(),
  kind: z.enum(['gift', 'agent', 'commission']),
  amount: z.number(),
  /** The agent level of an agent reward. */
  level: z.optional(z.number()),
});
export type Bonus = z.infer<typeof bonusSchema>;

/** `GET /api/app/bonus/list`: what can be received now, what was credited, and the bonus turnover. */
export const bonusListSchema = z.object({
  list: z.array(bonusSchema),
  history: z.array(
    z.object({
      type: z.number(),
      source: z.enum(['vip', 'deposit', 'promotion']),
      amount: z.number(),
      createdAt: z.string(),
      detail: z.string(),
    }),
  ),
  bonusBalance: z.number(),
  /** Multiple of each bonus that must be wagered before it turns into cash. */
  turnoverMultiple: z.number(),
  /** BRL still to wager before the bonus wallet is released. */
  turnoverLeft: z.number(),
});
export type BonusList = z.infer<typeof bonusListSchema>;

/** `POST /api/app/bonus/receive` and `main/userGift/receive`. */
export const bonusReceivedSchema = z.object({
  bonusId: z.string(),
  amount: z.number(),
  bonusBalance: z.number(),
});
export type BonusReceived = z.infer<typeof bonusReceivedSchema>;

/** `GET /api/app/main/userGift`: 1 while the promo gift waits for the player, 0 otherwise (spec 7). */
export const userGiftSchema = z.union([z.literal(0), z.literal(1)]);
export type UserGift = z.infer<typeof userGiftSchema>;

/** `GET /api/app/agent/rewards`: the reward levels; `progress` only for a logged-in player. */
export const agentRewardsSchema = z.object({
  minFirstDeposit: z.number(),
  levels: z.array(z.object({ level: z.number(), invitees: z.number(), reward: z.number() })),
  commissionRates: z.array(z.number()),
  progress: z.nullable(
    z.object({
      qualified: z.number(),
      received: z.array(z.number()),
      byLevel: z.array(
        z.object({ level: z.number(), persons: z.number(), wagered: z.number(), profit: z.number() }),
      ),
      commissionReceived: z.number(),
      commissionReceivable: z.number(),
    }),
  ),
});
export type AgentRewards = z.infer<typeof agentRewardsSchema>;
