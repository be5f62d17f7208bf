import { siteInfoSchema, type SiteInfo } from '../../domain/schemas/site.schema';
import { apiGet } from './api-client';

/** `GET /api/app/main/site` (domain/schemas/site.schema.ts). */
export type { SiteInfo };

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
