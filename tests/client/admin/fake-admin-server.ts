import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { adminHttp } from '../../../src/admin/admin-api';

/** What the fake console server answers: an HTTP status and the envelope. */
export type Reply = { status: number; body: unknown };

/** The envelope of a success. */
export const ok = (data: unknown): Reply => ({
  status: 200,
  body: { status: 200, message: 'sucesso', data },
});

/**
 * Answers the console's HTTP client from `route`, keyed "METHOD /url"; returns the list of requests
 * it saw (filled as they come). Statuses from 300 up reject as axios does.
 */
export function fakeAdminServer(
  route: (key: string, config: InternalAxiosRequestConfig) => Reply,
): InternalAxiosRequestConfig[] {
  const requests: InternalAxiosRequestConfig[] = [];
  adminHttp.defaults.adapter = async (config) => {
    requests.push(config);
    const { status, body } = route(`${config.method!.toUpperCase()} ${config.url}`, config);
    const response = { data: body, status, statusText: '', headers: new AxiosHeaders(), config, request: {} };
    if (status < 300) return response;
    throw new AxiosError('fail', AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  return requests;
}
