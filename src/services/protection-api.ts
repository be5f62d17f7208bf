import {
  protectionViewSchema,
  sessionSummarySchema,
  type SessionSummary,
  type LimitKind,
  type LimitPeriod,
  type ProtectionView,
} from '../../domain/schemas/protection.schema';
import { apiGet, apiPost } from './api-client';

/** The player's responsible-gaming calls (issue 9). */

/** The limits with what each window has used. */
export async function fetchProtection(): Promise<ProtectionView> {
  const body = await apiGet<unknown>('/api/app/user/protection');
  return protectionViewSchema.parse(body.data);
}

/** Sets, lowers, raises or removes (`amount: null`) a limit; returns the new view and the server's word. */
export async function saveLimit(
  kind: LimitKind,
  period: LimitPeriod,
  amount: number | null,
): Promise<{ view: ProtectionView; message: string }> {
  const body = await apiPost<unknown>('/api/app/user/protection/limit', { kind, period, amount });
  return { view: protectionViewSchema.parse(body.data), message: body.message };
}

/** Starts a cool-off (`hours`) or a self-exclusion (`months`, null: permanent); the session ends. */
export async function excludeSelf(
  choice: { kind: 'cooloff'; hours: number } | { kind: 'self'; months: number | null },
  pwd: string,
): Promise<string> {
  const body = await apiPost<null>('/api/app/user/protection/exclusion', { ...choice, pwd });
  return body.message;
}

/** Sets the reality-check interval in minutes (null: off); returns the new view. */
export async function saveRealityCheck(minutes: number | null): Promise<ProtectionView> {
  const body = await apiPost<unknown>('/api/app/user/protection/reality-check', { minutes });
  return protectionViewSchema.parse(body.data);
}

/** The session so far: when it began, minutes played, net result and the reminder interval. */
export async function fetchSessionSummary(): Promise<SessionSummary> {
  const body = await apiGet<unknown>('/api/app/user/protection/session', { loading: false });
  return sessionSummarySchema.parse(body.data);
}
