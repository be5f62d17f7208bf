import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { BodyStatus } from '../../domain/codes';
import { LANGUAGES, toLanguageKey } from '../../domain/languages';
import i18n from '../lib/i18n';
import { DEVICES_HEADER, deviceId, timeZone } from '../lib/device';
import { readItem } from '../lib/storage';

/**
 * The one HTTP client of the browser (spec sections 7 and 8, API.md "Conventions"). Every call goes
 * through it so the headers, the one-at-a-time queue, the loading indicator and the error catalogue
 * behave the same everywhere. The reactions call handlers the shell plugs in with
 * `configureApiClient`, so this module never imports React, the router or a dialog.
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Background calls the player did not ask for (footer counters, notices): a failure skips the
     * error catalogue's reactions, so a decorative request never sends anyone to the error page.
     * The caller still gets the error.
     */
    silent?: boolean;
  }
}

/** The envelope of every JSON answer. */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

/** Spec 9: a request gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Spec 9: the loading indicator stays 600 ms after the last request so it does not flicker. */
export const LOADING_HIDE_DELAY_MS = 600;
/** Spec 8: an error message is alerted 500 ms after the failure. */
export const ERROR_ALERT_DELAY_MS = 500;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** What the client does when the error catalogue says so; the shell supplies the real ones. */
export interface ApiHandlers {
  /** HTTP 401 or body 40101; `message` is the server's text (may be empty). */
  onLogout(message: string): void;
  /** Body 9999 on a betting call: the low-balance recharge plan. */
  openGameDeposit(): void;
  /** Body 9999 elsewhere, after the alert is dismissed. */
  openDeposit(): void;
  /** A modal alert with one button; resolves when the player closes it. */
  alert(message: string, button: string): Promise<void> | void;
  /** Body 1403, or an error without any message. */
  goToErrorPage(): void;
  /** The global loading indicator. */
  loading(visible: boolean): void;
}

const noop = () => undefined;
const handlers: ApiHandlers = {
  onLogout: noop,
  openGameDeposit: noop,
  openDeposit: noop,
  alert: noop,
  goToErrorPage: noop,
  loading: noop,
};

/** Plugs the shell's dialogs, navigation and indicator into the client's reactions. */
export function configureApiClient(next: Partial<ApiHandlers>): void {
  Object.assign(handlers, next);
}

export type ApiErrorKind = 'server' | 'timeout' | 'network' | 'cancelled';

/** What every failed call rejects with, after the client has reacted to it. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The envelope's `status` (the specification's code), or null without a body. */
    readonly status: number | null,
    /** The HTTP status, or null when no answer arrived. */
    readonly httpStatus: number | null,
    readonly url: string,
    readonly kind: ApiErrorKind,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Serialises a form body; arrays repeat their key without index markers (`a[0]=1` becomes `a=1`). */
export function toFormBody(data: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const walk = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(key, item);
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    } else {
      params.append(key, value === null ? '' : value instanceof Date ? value.toISOString() : String(value));
    }
  };
  for (const [key, value] of Object.entries(data)) walk(key, value);
  return params.toString();
}

export const apiClient = axios.create({
  // XMLHttpRequest only: the build leaves axios's fetch adapter out (scripts/vite-axios-xhr.ts).
  adapter: 'xhr',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: false,
  headers: { 'Content-Type': 'application/json;charset=UTF-8' },
});

// ---- one request at a time ----------------------------------------------------------------------

/** The end of the queue: resolves when every request already queued has finished. */
let queueTail: Promise<void> = Promise.resolve();

/** Waits for the requests ahead, then returns the function that lets the next one go. */
function takeTurn(): Promise<() => void> {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const turn = queueTail.then(() => release);
  queueTail = queueTail.then(() => done);
  return turn;
}

interface InFlight {
  release: () => void;
  showsLoading: boolean;
}

/** Per-request bookkeeping, keyed by the config object axios hands to every later stage. */
const inFlight = new WeakMap<InternalAxiosRequestConfig, InFlight>();

// ---- loading indicator --------------------------------------------------------------------------

let loadingCount = 0;
let loadingVisible = false;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function loadingStarted(): void {
  loadingCount += 1;
  clearTimeout(hideTimer);
  if (!loadingVisible) {
    loadingVisible = true;
    handlers.loading(true);
  }
}

function loadingEnded(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount > 0) return;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    loadingVisible = false;
    handlers.loading(false);
  }, LOADING_HIDE_DELAY_MS);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Spec 4: `loading: false` in the params of a GET (in the data of other methods) keeps the indicator
 * off. The flag is the client's own, so it is removed before the server's strict schemas see it.
 */
function takeLoadingFlag(config: InternalAxiosRequestConfig): boolean {
  const isGet = (config.method ?? 'get').toLowerCase() === 'get';
  const holder: unknown = isGet ? config.params : config.data;
  if (!isPlainObject(holder) || !('loading' in holder)) return true;
  const { loading, ...rest } = holder;
  if (isGet) config.params = rest;
  else config.data = rest;
  return loading !== false;
}

function finish(config: InternalAxiosRequestConfig | undefined): void {
  if (!config) return;
  const entry = inFlight.get(config);
  if (!entry) return;
  inFlight.delete(config);
  entry.release();
  if (entry.showsLoading) loadingEnded();
}

// ---- headers ------------------------------------------------------------------------------------

async function applyHeaders(config: InternalAxiosRequestConfig): Promise<void> {
  const lang = toLanguageKey(readItem('lang'));
  const payUnit = LANGUAGES.find((l) => l.key === lang)?.pay.unit ?? 'BRL';
  const token = readItem('token');
  const pixelId = readItem('pixelId');
  const apiKey = readItem('apiKey');
  const h = config.headers;
  // A call that names its session (Sair names the one it ends) keeps it.
  if (token && !h.has('Authorization')) h.set('Authorization', `Bearer ${token}`);
  if (pixelId) h.set('pixelid', pixelId);
  if (apiKey) h.set('apikey', apiKey);
  h.set('zone', timeZone());
  h.set('lang', lang);
  h.set('curreny', payUnit);
  h.set('deviceId', await deviceId());
  h.set('devices', DEVICES_HEADER);
}

function isFormRequest(config: InternalAxiosRequestConfig): boolean {
  return String(config.headers.getContentType() ?? '').startsWith(FORM_CONTENT_TYPE);
}

apiClient.interceptors.request.use(async (config) => {
  const showsLoading = takeLoadingFlag(config);
  if (showsLoading) loadingStarted();
  const entry: InFlight = { release: noop, showsLoading };
  inFlight.set(config, entry);
  entry.release = await takeTurn();
  try {
    await applyHeaders(config);
    if (isFormRequest(config) && isPlainObject(config.data)) config.data = toFormBody(config.data);
  } catch (error) {
    // Never leave the queue blocked behind a request that could not even be sent.
    finish(config);
    throw error;
  }
  return config;
});

// ---- error catalogue ----------------------------------------------------------------------------

const understood = () => i18n.t('common.understood');

/**
 * Spec 8, in order. Runs once per failed call; the caller still gets the error. A `silent` call
 * (spec 8.4's flag) keeps its alerts and pages away, but not spec 8.1: a session the server ended
 * ends here too, whichever call noticed it (a call that carried no session asks nothing of anyone).
 */
function react(error: ApiError, config: InternalAxiosRequestConfig | undefined): void {
  const { status, httpStatus, message, url } = error;
  if (httpStatus === 401 || status === BodyStatus.loggedOut) {
    const carried = config?.headers.get('Authorization');
    // A session this page has already left (Sair, or a new login since) ends nothing now.
    const current = readItem('token');
    if (carried && carried !== `Bearer ${current}`) return;
    if (!config?.silent || carried) handlers.onLogout(message);
    return;
  }
  if (config?.silent) return;
  if (status === BodyStatus.insufficientFunds) {
    if (url.includes('bet')) {
      handlers.openGameDeposit();
    } else {
      void Promise.resolve(handlers.alert(message || '-', understood())).then(() => handlers.openDeposit());
    }
  } else if (status === BodyStatus.forbidden) {
    handlers.goToErrorPage();
  } else if (message) {
    setTimeout(() => void handlers.alert(message, understood()), ERROR_ALERT_DELAY_MS);
  } else {
    handlers.goToErrorPage();
  }
}

function envelopeOf(body: unknown): { status: number | null; message: string } {
  if (!isPlainObject(body)) return { status: null, message: '' };
  return {
    status: typeof body.status === 'number' ? body.status : null,
    message: typeof body.message === 'string' ? body.message : '',
  };
}

apiClient.interceptors.response.use(
  (response) => {
    finish(response.config);
    const body: unknown = response.data;
    const { status, message } = envelopeOf(body);
    // A body status other than 200 is a failure whatever the HTTP code (API.md "Errors").
    if (status !== null && status !== BodyStatus.ok) {
      const error = new ApiError(message, status, response.status, response.config.url ?? '', 'server', body);
      react(error, response.config);
      return Promise.reject(error);
    }
    return body as never;
  },
  (raw: unknown) => {
    // Anything but an axios error is a bug on this side, not an answer to react to.
    if (!(raw instanceof AxiosError)) return Promise.reject(raw);
    const url = raw.config?.url ?? '';
    finish(raw.config);
    if (axios.isCancel(raw)) {
      return Promise.reject(new ApiError('cancelled', null, null, url, 'cancelled'));
    }
    if (raw.response) {
      const { status, message } = envelopeOf(raw.response.data);
      const error = new ApiError(message, status, raw.response.status, url, 'server', raw.response.data);
      react(error, raw.config);
      return Promise.reject(error);
    }
    // No answer at all: a timeout or a dropped connection. Neither is the server's error page
    // material; the player is told the connection is slow and can try again.
    const timedOut = raw.code === 'ECONNABORTED' || raw.code === 'ETIMEDOUT';
    const text = i18n.t('dict.slowInternet');
    if (!raw.config?.silent) setTimeout(() => void handlers.alert(text, understood()), ERROR_ALERT_DELAY_MS);
    return Promise.reject(new ApiError(text, null, null, url, timedOut ? 'timeout' : 'network'));
  },
);

// ---- typed calls --------------------------------------------------------------------------------

/** The client's own option: `loading: false` keeps the global indicator off for this call. */
type WithLoading<T> = T & { loading?: boolean };

/** GET returning the envelope; pass `{ loading: false }` in `params` to skip the indicator. */
export function apiGet<T>(
  url: string,
  params?: WithLoading<Record<string, unknown>>,
  config?: AxiosRequestConfig,
): Promise<Envelope<T>> {
  return apiClient.get(url, { ...config, params });
}

/** POST with a JSON body; `loading: false` in `data` skips the indicator. */
export function apiPost<T>(
  url: string,
  data?: WithLoading<Record<string, unknown>>,
  config?: AxiosRequestConfig,
): Promise<Envelope<T>> {
  return apiClient.post(url, data ?? {}, config);
}

/** PUT with a JSON body (a resource the player replaces whole, such as the home address). */
export function apiPut<T>(
  url: string,
  data: Record<string, unknown>,
  config?: AxiosRequestConfig,
): Promise<Envelope<T>> {
  return apiClient.put(url, data, config);
}

/** POST with an `application/x-www-form-urlencoded` body (spec 7: sendEmail and prePay). */
export function apiPostForm<T>(
  url: string,
  data: WithLoading<Record<string, unknown>>,
  config?: AxiosRequestConfig,
): Promise<Envelope<T>> {
  return apiClient.post(url, data, {
    ...config,
    headers: { ...config?.headers, 'Content-Type': FORM_CONTENT_TYPE },
  });
}

/** How long a file upload may take on a slow phone connection (an identity document photo). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** PUT of a file as the request's body (identity documents), reporting the share sent so far. */
export function apiPutFile<T>(
  url: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<Envelope<T>> {
  return apiClient.put(url, file, {
    timeout: UPLOAD_TIMEOUT_MS,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(event.loaded / event.total);
    },
  });
}
