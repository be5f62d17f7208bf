import { centsToBrl } from '../../../domain/money';
import type { Notice, UserInfo } from '../../../domain/schemas/user.schema';
import { userInfoSchema } from '../../../domain/schemas/user.schema';
import { createStore, useStore } from '../../lib/store';
import { ApiError } from '../../services/api-client';
import { logout as logoutCall } from '../../services/auth-api';
import { onSocketEvent, syncSocket } from '../../services/socket';
import { clearAll, readItem, readUserInfo, writeItem, writeUserInfo } from '../../lib/storage';
import { fetchNotices } from '../../services/main-api';
import { fetchUserInfo } from '../../services/user-api';

/**
 * Who is playing: the token and the user info (spec 6: visitor versus logged-in user). The socket
 * follows the token, and the socket's `updateUserInfo`, `insBalance` and `freeBalance` keep the user
 * info current. Nothing here navigates; shell-actions.ts adds the navigation around it.
 */

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
}

export const sessionStore = createStore<SessionState>({ token: null, userInfo: null });

/** Turnover still to wager before a withdrawal (socket `userBetAmount`: multiple and amount left). */
export const turnoverStore = createStore<{ bouns: number; amount: number } | null>(null);

/** The latest server notice for the notice bar (socket `notice`, or the newest on start). */
export const noticeStore = createStore<Notice | null>(null);

function setUserInfo(userInfo: UserInfo | null): void {
  writeUserInfo(userInfo);
  sessionStore.set((s) => ({ ...s, userInfo }));
}

/** Merges fresh fields (a balance from the socket or getBalance) into the user info. */
export function patchUserInfo(patch: Partial<UserInfo>): void {
  const current = sessionStore.get().userInfo;
  if (current) setUserInfo({ ...current, ...patch });
}

/**
 * A `freeBalance` push with the bonus wallet it implies. The server sends it right after
 * `insBalance`, and it is cash + bonus (API.md), so the bonus follows every money movement: a
 * bonus stake, or a release that turned the whole bonus into cash, which no event names.
 */
function withBonus(freeBalance: number): Partial<UserInfo> {
  const cash = sessionStore.get().userInfo?.balance;
  if (cash === undefined) return { freeBalance };
  const bonusCents = Math.round(freeBalance * 100) - Math.round(cash * 100);
  return { freeBalance, bonusBalance: centsToBrl(Math.max(0, bonusCents)) };
}

/** Fetches the user info again; failures are reported by the API client and leave the old value. */
export async function refreshUserInfo(options: { loading?: boolean } = {}): Promise<void> {
  if (!sessionStore.get().token) return;
  try {
    setUserInfo(await fetchUserInfo(options));
  } catch (error) {
    // A payload that does not match the shared schema is a contract bug worth seeing in the console.
    if (!(error instanceof ApiError)) console.error(error);
  }
}

/** Stores a fresh token and loads its user info. */
export async function signIn(token: string): Promise<void> {
  writeItem('token', token);
  sessionStore.set({ token, userInfo: null });
  await refreshUserInfo();
}

/** Forgets the player locally: storage, token, user info; the socket closes with the token. */
export function endSession(): void {
  clearAll();
  sessionStore.set({ token: null, userInfo: null });
  turnoverStore.set(null);
}

/**
 * Ends the session here, then on the server (its failure does not keep the player logged in). In
 * that order: a call the page queued meanwhile (calls go one at a time) would otherwise carry the
 * token the server had just ended and come back 401 (CI saw one on /home after Sair).
 */
export async function signOut(): Promise<void> {
  const { token } = sessionStore.get();
  endSession();
  if (!token) return;
  try {
    await logoutCall(token);
  } catch {
    // The API client already told the player; the session has ended here regardless.
  }
}

let started = false;

/**
 * Restores the stored session, wires the socket to the token and loads the latest notice. Everything
 * before the first request happens synchronously, so the token is known as soon as this is called;
 * the stored user info is shown at once and replaced by the server's answer.
 */
export async function startSession(): Promise<void> {
  if (started) return;
  started = true;
  sessionStore.subscribe(() => syncSocket(sessionStore.get().token));
  onSocketEvent('updateUserInfo', (info) => {
    const parsed = userInfoSchema.safeParse(info);
    if (parsed.success) setUserInfo(parsed.data);
  });
  onSocketEvent('insBalance', ({ balance }) => patchUserInfo({ balance }));
  onSocketEvent('freeBalance', ({ freeBalance }) => patchUserInfo(withBonus(freeBalance)));
  onSocketEvent('notice', (notice) => noticeStore.set(notice));
  onSocketEvent('userBetAmount', (turnover) => turnoverStore.set(turnover));

  const token = readItem('token');
  sessionStore.set({ token, userInfo: token ? readUserInfo() : null });
  void fetchNotices()
    .then((list) => {
      if (list[0] && !noticeStore.get()) noticeStore.set(list[0]);
    })
    .catch(() => undefined);
  if (token) await refreshUserInfo();
}

/** The session token (null for a visitor). */
export function useToken(): string | null {
  return useStore(sessionStore, (s) => s.token);
}

/** The player's user info (null for a visitor or before it loads). */
export function useUserInfo(): UserInfo | null {
  return useStore(sessionStore, (s) => s.userInfo);
}

/** The latest notice. */
export function useNotice(): Notice | null {
  return useStore(noticeStore, (n) => n);
}
