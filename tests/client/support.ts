import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { UserInfo } from '../../domain/schemas/user.schema';
import type { SportsFixture } from '../../src/services/sports-api';
import { apiClient } from '../../src/services/api-client';

/**
 * A stand-in for the network: every request reaches `answer`, which returns the HTTP status and body
 * (or throws to simulate a transport failure). Non-2xx answers reject as axios's own adapters do.
 */
export type Answer = (
  config: InternalAxiosRequestConfig,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

export interface FakeServer {
  requests: InternalAxiosRequestConfig[];
  answer: Answer;
}

export function installFakeServer(answer: Answer): FakeServer {
  const server: FakeServer = { requests: [], answer };
  const adapter: AxiosAdapter = async (config) => {
    server.requests.push(config);
    const { status, body } = await server.answer(config);
    const response = {
      data: body,
      status,
      statusText: String(status),
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      {},
      response,
    );
  };
  apiClient.defaults.adapter = adapter;
  return server;
}

/** The envelope of a success. */
export const ok = (data: unknown, message = 'sucesso') => ({
  status: 200,
  body: { status: 200, message, data },
});

/** The envelope of a failure with the given HTTP code and body status. */
export const fail = (http: number, status: number, message: string) => ({
  status: http,
  body: { status, message, data: null },
});

/** A complete user info as the server sends it. */
export function userInfoFixture(patch: Partial<UserInfo> = {}): UserInfo {
  return {
    uId: 7,
    name: 'Ana Souza',
    username: 'ana@example.com',
    email: 'ana@example.com',
    balance: 120.5,
    bonusBalance: 10,
    freeBalance: 130.5,
    payAmount: 0,
    level: 2,
    header: 5,
    yqm: 'ANA12345',
    time: '2026-01-01T00:00:00.000Z',
    extendInfo: '',
    testFlag: 0,
    paySumAmount: 0,
    wdSumAmount: 0,
    gameSumAmount: 0,
    level1Amount: 0,
    level2Amount: 0,
    level3Amount: 0,
    level1Person: 0,
    level2Person: 0,
    level3Person: 0,
    nextlevel: { gameSumAmount: 100, paySumAmount: 100 },
    kyc: 0,
    cpf: '52998224725',
    phone: '11987654321',
    lx: '10',
    payDiscount: { discount: 0, expiredTime: null },
    paypackage: { FPDATA: { fcOpen: false, fcCountdown: 0 }, FCDATA: { fcOpen: false, fcCountdown: 0 } },
    ...patch,
  };
}

/** Lets pending promise callbacks run (axios chains several). */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}

/** A socket.io stand-in that records what is asked of it and can play server events. */
export class FakeSocket {
  connected = true;
  handlers = new Map<string, Set<(payload: unknown) => void>>();
  emitted: [string, unknown][] = [];
  disconnected = false;
  constructor(readonly options: Record<string, unknown>) {}
  on(event: string, fn: (payload: unknown) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: (payload: unknown) => void) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  serverSends(event: string, payload: unknown) {
    for (const fn of this.handlers.get(event) ?? []) fn(payload);
  }
}

/** A fixture as the sports answers list it: football, before its start, no main market unless told. */
export function sportsFixture(id: string, patch: Partial<SportsFixture> = {}): SportsFixture {
  return {
    id,
    sport: 'football',
    competition: 'Série A',
    home: 'Casa',
    away: 'Fora',
    startsAt: '2026-11-22T10:00:00.000Z',
    live: false,
    periodCode: 0,
    clock: null,
    score: { home: 0, away: 0 },
    suspended: false,
    main: null,
    ...patch,
  };
}

/** A fixture's Resultado final as a listed fixture carries it (`main`), with these outcomes. */
export function mainMarket(
  fixtureId: string,
  outcomes: Array<{ id: string; name: string; odds: number; active: boolean }>,
): NonNullable<SportsFixture['main']> {
  return {
    id: `${fixtureId}-mw`,
    type: 'match_winner',
    period: 'full',
    line: null,
    status: 1,
    name: 'Resultado final',
    group: 'main',
    outcomes,
  } as NonNullable<SportsFixture['main']>;
}
