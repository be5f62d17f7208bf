import { z } from 'zod/mini';
import {
  agentRewardsSchema,
  bannerSchema,
  bonusListSchema,
  bonusReceivedSchema,
  promotionSchema,
  referralPageSchema,
  sponsorSchema,
  type AgentRewards,
  type Banner,
  type BonusList,
  type BonusReceived,
  type Promotion,
  type ReferralPage,
  type Sponsor,
} from '../../domain/schemas/promo.schema';
import { apiGet, apiPost } from './api-client';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';

/**
 * Referrals, promotions and bonuses (API.md "Added calls", issue 7). Answers are checked with zod;
 * the receive calls carry a fresh idempotency key per player action.
 */

/** One page of the player's invitees at `level` (1 direct, 2 and 3 further down). */
export async function fetchReferrals(level: 1 | 2 | 3, page = 1, size = 20): Promise<ReferralPage> {
  const body = await apiGet<unknown>('/api/app/user/referrals', { level, page, size, loading: false });
  return referralPageSchema.parse(body.data);
}

/** Home banners. A failure stays quiet: home shows without them. */
export async function fetchBanners(): Promise<Banner[]> {
  const body = await apiGet<unknown>('/api/app/main/banners', { loading: false }, { silent: true });
  return z.array(bannerSchema).parse(body.data);
}

export async function fetchPromotions(): Promise<Promotion[]> {
  const body = await apiGet<unknown>('/api/app/main/promotions');
  return z.array(promotionSchema).parse(body.data);
}

/** The partner-sponsor section. A failure stays quiet. */
export async function fetchSponsors(): Promise<Sponsor[]> {
  const body = await apiGet<unknown>('/api/app/main/sponsors', { loading: false }, { silent: true });
  return z.array(sponsorSchema).parse(body.data);
}

/** Receivable bonuses, recent bonus credits and the bonus turnover of the player. */
export async function fetchBonusList(): Promise<BonusList> {
  const body = await apiGet<unknown>('/api/app/bonus/list');
  return bonusListSchema.parse(body.data);
}

/** A credited bonus (the answer's `data`) with the server's message. */
export type Received = BonusReceived & { message: string };

const received = (body: { message: string; data: unknown }): Received => ({
  ...bonusReceivedSchema.parse(body.data),
  message: body.message,
});

/** Receives one bonus of the list; the server credits it once whatever happens. */
export async function receiveBonus(bonusId: string): Promise<Received> {
  const body = await apiPost<unknown>(
    '/api/app/bonus/receive',
    { bonusId },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
  return received(body);
}

/** Receives the promo gift of home. */
export async function receiveGift(): Promise<Received> {
  const body = await apiPost<unknown>('/api/app/main/userGift/receive', undefined, {
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
  });
  return received(body);
}

/** The agent reward levels and commission rates; with a login, the player's progress too. */
export async function fetchAgentRewards(): Promise<AgentRewards> {
  const body = await apiGet<unknown>('/api/app/agent/rewards');
  return agentRewardsSchema.parse(body.data);
}
