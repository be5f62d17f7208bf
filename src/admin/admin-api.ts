import axios, { AxiosError } from 'axios';
import { z } from 'zod/mini';
import type {
  OperatorCreated,
  OperatorLoginAnswer,
  OperatorMe,
  OperatorRole,
  OperatorRow,
  TotpEnrolment,
} from '../../domain/schemas/operator.schema';
import {
  auditPageSchema,
  betLookupSchema,
  playersPageSchema,
  dashboardSchema,
  withdrawalsPageSchema,
  type AdminWithdrawal,
  type DailyReportRow,
  type PlayerHistoryKind,
  type PayoutState,
  type WithdrawalRisk,
  type WithdrawalsPage,
} from '../../domain/schemas/back-office.schema';
import {
  alertDetailSchema,
  alertsPageSchema,
  type AlertAction,
  type AlertAssignee,
  type AlertScan,
  type AlertKind,
  type AlertStatus,
} from '../../domain/schemas/compliance.schema';
import { kycQueueSchema, type KycReview } from '../../domain/schemas/kyc.schema';
import type { operatorResultSchema } from '../../domain/sports/sports.schema';
import type { Notice } from '../../domain/schemas/user.schema';
import type {
  ApprovalOutcome,
  AuditChainCheck,
  BulkResult,
  WithdrawalApproved,
} from '../../domain/schemas/console-money.schema';
import {
  adminGameSettingsSchema,
  type AdminGameSettings,
  type AttentionFixture,
  type ConfigSection,
  type ConfigView,
} from '../../domain/schemas/console-desk.schema';
import type { gameSettingsPatchSchema } from '../../domain/schemas/game.schema';
import type {
  PlayerHistoryRow,
  PlayerProfile,
  SessionsEnded,
} from '../../domain/schemas/console-players.schema';

/**
 * The operator console's own HTTP client. It follows api-client.ts's envelope and error rules but
 * carries the operator token (never the player's) and none of the player shell's reactions: a 401
 * here just returns the console to its login form.
 */

/** Where the operator token lives: this tab only, gone when the tab closes. */
export const OPERATOR_TOKEN_KEY = 'trevo.operatorToken';

/** Gives up like the player client does (spec 9: 30 s). */
const REQUEST_TIMEOUT_MS = 30_000;

/** What a failed operator call rejects with: the server's pt-BR message and the HTTP status. */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** The operator token of this tab, if signed in. */
export function operatorToken(): string | null {
  return sessionStorage.getItem(OPERATOR_TOKEN_KEY);
}

/** Stores or forgets the operator token. */
export function setOperatorToken(token: string | null): void {
  if (token) sessionStorage.setItem(OPERATOR_TOKEN_KEY, token);
  else sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
}

const unauthorisedListeners = new Set<() => void>();

/** Runs `listener` when the server says the operator session is over (401). */
export function onOperatorLoggedOut(listener: () => void): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

/** The console's axios instance (tests swap its adapter for a fake server). */
export const adminHttp = axios.create({
  // XMLHttpRequest only: the build leaves axios's fetch adapter out (scripts/vite-axios-xhr.ts).
  adapter: 'xhr',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
});

/** One operator call: the envelope's `data`, or an AdminApiError with the server's message. */
export async function request<T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const token = operatorToken();
  try {
    const res = await adminHttp.request<{ status: number; message: string; data: T }>({
      method,
      url,
      data: method === 'get' ? undefined : (data ?? {}),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return res.data.data;
  } catch (err) {
    if (err instanceof AxiosError) {
      const status = err.response?.status ?? null;
      const body = err.response?.data as { message?: string } | undefined;
      if (status === 401 && token) {
        setOperatorToken(null);
        for (const listener of unauthorisedListeners) listener();
      }
      throw new AdminApiError(body?.message || err.message, status);
    }
    throw err;
  }
}

export type { OperatorMe };

export type { AdminWithdrawal, PayoutState, WithdrawalRisk, WithdrawalsPage };

/** What each kind of a player's history lists (the server's shapes; money in BRL). */
export type { PlayerHistoryKind, PlayerHistoryRow };

/** What the withdrawal search sends (all optional; amounts in BRL as typed). */
export interface WithdrawalSearch {
  status?: PayoutState | '';
  q?: string;
  from?: string;
  to?: string;
  min?: string;
  max?: string;
  page?: number;
  size?: number;
}

/** The query text of a search, leaving out what is empty. */
export function queryText(search: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text) params.set(key, text);
  }
  return params.toString();
}

/** What an approval did: queued the payout, or recorded the first of the two a large one needs. */
export type { ApprovalOutcome, BulkResult };

/** A site notice as the console lists it (and the players' sockets receive it). */
export type AdminNotice = Notice;

export type { AdminGameSettings, AttentionFixture };

/** A change to a game's settings, as the server's `gameSettingsPatchSchema` takes it (limits in BRL). */
export type GameSettingsPatch = z.input<typeof gameSettingsPatchSchema>;

/** An operator's result, exactly as the server's schema takes it (`operatorResultSchema`). */
export type FixtureResultInput = z.input<typeof operatorResultSchema>;

/** A player's page in the console (the server's `playerProfileSchema`). */
export type { PlayerProfile };

export type { DailyReportRow };

export type { OperatorRow };

/** A section of the operator configuration file as the console edits it (issue 8). */
export type { ConfigSection };

/** What the audit log is searched by (issue 19, item 6). */
export interface AuditSearch {
  actor?: string;
  action?: string;
  object?: string;
  from?: string;
  to?: string;
  page?: number;
  size?: number;
}

/** A CSV the server builds (report, audit, case file) as text, with the operator's token. */
async function csvText(url: string): Promise<string> {
  const token = operatorToken();
  try {
    const res = await adminHttp.get<string>(url, {
      responseType: 'text',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return res.data;
  } catch (err) {
    throw new AdminApiError(err instanceof Error ? err.message : String(err), null);
  }
}

/** A stored identity document's bytes, for the reviewer's eyes (the server audits the viewing). */
async function kycFile(id: number): Promise<Blob> {
  const token = operatorToken();
  try {
    const res = await adminHttp.get<Blob>(`/api/admin/kyc/documents/${id}`, {
      responseType: 'blob',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return res.data;
  } catch (err) {
    throw new AdminApiError(err instanceof Error ? err.message : String(err), null);
  }
}

/** Every action matching `search` as the server's CSV text. */
const auditCsv = (search: AuditSearch) =>
  csvText(`/api/admin/audit?${queryText({ ...search, page: undefined })}&format=csv`);

/** A report as the server's CSV text (the same rows as the JSON): `daily`, `products` or `margins`. */
const reportCsv = (from: string, to: string, report: 'daily' | 'products' | 'margins' = 'daily') =>
  csvText(`/api/admin/reports/${report}?${queryText({ from, to, format: 'csv' })}`);

/** What the player list is filtered by (all optional; days as typed). */
export interface PlayerSearch {
  q?: string;
  status?: '' | 'locked' | 'active';
  review?: '' | 'none' | 'pending' | 'approved' | 'rejected';
  vip?: string;
  from?: string;
  to?: string;
  page?: number;
  size?: number;
}

/** What the compliance queue is filtered by. */
export interface AlertSearch {
  kind?: AlertKind | '';
  status?: AlertStatus | 'active' | '';
  page?: number;
  size?: number;
}

/** The operator calls of API.md "Operator" and the back-office issue. */
export const adminApi = {
  login: (input: { username: string; pwd: string; totp?: string }) =>
    request<OperatorLoginAnswer>('post', '/api/admin/auth/login', input),
  enrol: (input: { username: string; pwd: string }) =>
    request<TotpEnrolment>('post', '/api/admin/auth/totp/enrol', input),
  me: () => request<OperatorMe>('get', '/api/admin/auth/me'),
  logout: () => request<null>('post', '/api/admin/auth/logout'),
  withdrawals: async (search: WithdrawalSearch = { status: 'waiting_approval', size: 200 }) =>
    withdrawalsPageSchema.parse(await request<unknown>('get', `/api/admin/withdrawals?${queryText(search)}`)),
  approve: (id: string) =>
    request<WithdrawalApproved>('post', `/api/admin/withdrawals/${encodeURIComponent(id)}/approve`),
  reject: (id: string, note?: string) =>
    request<null>('post', `/api/admin/withdrawals/${encodeURIComponent(id)}/reject`, note ? { note } : {}),
  bulk: (action: 'approve' | 'reject', ids: string[], note?: string) =>
    request<BulkResult[]>(
      'post',
      '/api/admin/withdrawals/bulk',
      note ? { action, ids, note } : { action, ids },
    ),
  notices: () => request<AdminNotice[]>('get', '/api/admin/notices'),
  publishNotice: (text: string) => request<AdminNotice>('post', '/api/admin/notices', { text }),
  games: async () =>
    z.array(adminGameSettingsSchema).parse(await request<unknown>('get', '/api/admin/games')),
  /** The game's settings after the change, in the same shape as `games`. */
  updateGame: async (game: string, patch: GameSettingsPatch) =>
    adminGameSettingsSchema.parse(
      await request<unknown>('put', `/api/admin/games/${encodeURIComponent(game)}`, patch),
    ),
  fixtures: (q = '') =>
    request<AttentionFixture[]>(
      'get',
      q ? `/api/admin/sports/fixtures?q=${encodeURIComponent(q)}` : '/api/admin/sports/fixtures',
    ),
  enterResult: (id: string, result: FixtureResultInput) =>
    request<{ settled: Array<{ betId: string; result: number; payout: number }> }>(
      'post',
      `/api/admin/sports/fixtures/${encodeURIComponent(id)}/result`,
      result,
    ),
  players: async (search: PlayerSearch) =>
    playersPageSchema.parse(await request<unknown>('get', `/api/admin/players?${queryText(search)}`)),
  player: (id: number) => request<PlayerProfile>('get', `/api/admin/players/${id}`),
  playerHistory: <K extends PlayerHistoryKind>(id: number, kind: K, page: number, size = 20) =>
    request<{ list: PlayerHistoryRow[K][]; total: number }>(
      'get',
      `/api/admin/players/${id}/history?kind=${kind}&page=${page}&size=${size}`,
    ),
  endSessions: (id: number) => request<SessionsEnded>('post', `/api/admin/players/${id}/sessions/end`),
  dailyReport: (from: string, to: string) =>
    request<DailyReportRow[]>(
      'get',
      `/api/admin/reports/daily?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    ),
  reportCsv,
  auditCsv,
  auditLog: async (search: AuditSearch) =>
    auditPageSchema.parse(await request<unknown>('get', `/api/admin/audit?${queryText(search)}`)),
  operators: () => request<OperatorRow[]>('get', '/api/admin/operators'),
  createOperator: (input: { username: string; pwd: string; role: OperatorRole }) =>
    request<OperatorCreated>('post', '/api/admin/operators', input),
  setRole: (id: number, role: OperatorRole) =>
    request<unknown>('put', `/api/admin/operators/${id}`, { role }),
  resetTotp: (id: number) => request<null>('post', `/api/admin/operators/${id}/totp/reset`),
  disableOperator: (id: number, reason: string) =>
    request<null>('post', `/api/admin/operators/${id}/disable`, { reason }),
  enableOperator: (id: number) => request<null>('post', `/api/admin/operators/${id}/enable`),
  config: () => request<ConfigView>('get', '/api/admin/config'),
  saveConfig: (section: string, value: unknown, version: number) =>
    request<ConfigSection>('put', `/api/admin/config/${encodeURIComponent(section)}`, { value, version }),
  verifyAudit: () => request<AuditChainCheck>('get', '/api/admin/audit/verify'),
  bet: async (id: string) =>
    betLookupSchema.parse(await request<unknown>('get', `/api/admin/bets/${encodeURIComponent(id)}`)),
  dashboard: async () => dashboardSchema.parse(await request<unknown>('get', '/api/admin/dashboard')),
  alerts: async (search: AlertSearch) =>
    alertsPageSchema.parse(await request<unknown>('get', `/api/admin/alerts?${queryText(search)}`)),
  alert: async (id: number) =>
    alertDetailSchema.parse(await request<unknown>('get', `/api/admin/alerts/${id}`)),
  actOnAlert: (id: number, action: AlertAction) => request<null>('post', `/api/admin/alerts/${id}`, action),
  scanAlerts: () => request<AlertScan>('post', '/api/admin/alerts/scan'),
  alertAssignees: () => request<AlertAssignee[]>('get', '/api/admin/alerts/assignees'),
  coafCsv: (id: number) => csvText(`/api/admin/alerts/${id}/coaf`),
  kycQueue: async (review: KycReview, page: number, size = 20) =>
    kycQueueSchema.parse(
      await request<unknown>('get', `/api/admin/kyc?review=${review}&page=${page}&size=${size}`),
    ),
  kycFile,
  kycApprove: (userId: number, documents: number[]) =>
    request<null>('post', `/api/admin/kyc/${userId}/approve`, { documents }),
  kycReject: (userId: number, reason: string, documents: number[]) =>
    request<null>('post', `/api/admin/kyc/${userId}/reject`, { reason, documents }),
};
