import { z } from 'zod';
import { apiGet } from './api-client';

/** `GET /api/app/main/site`: the compliance profile, demo flag, legal data and sign-up limits. */
export const siteInfoSchema = z.object({
  profile: z.enum(['seed', 'br-regulated']),
  demo: z.boolean(),
  legal: z
    .object({
      company: z.string(),
      cnpj: z.string(),
      authorization: z.string(),
      address: z.string(),
      sac: z.string(),
      ouvidoria: z.string(),
    })
    .nullable(),
  signupLimits: z.object({ required: z.boolean(), loss: z.number(), session: z.number() }),
  /** The range of a deposit of the player's own amount, BRL. */
  deposit: z.object({ min: z.number(), max: z.number() }).optional(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** Fetched once per page load; the footer and the sign-up form share it. A failure stays quiet. */
let request: Promise<SiteInfo | null> | null = null;
export function loadSiteInfo(): Promise<SiteInfo | null> {
  request ??= apiGet<unknown>('/api/app/main/site', { loading: false }, { silent: true })
    .then((body) => siteInfoSchema.parse(body.data))
    .catch(() => null);
  return request;
}

/** Forgets the cached answer (tests). */
export function resetSiteInfo(): void {
  request = null;
}
