import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * The server's log (pino through Fastify). On a developer's terminal each record is one readable
 * line (pino-pretty, in pino's worker thread so formatting never holds the event loop); anywhere
 * else, and always in production, one JSON object per line for a log collector. Authorisation
 * headers and cookies never reach either.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  const pretty =
    config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'SYS:HH:MM:ss',
              ignore: 'pid,hostname,reqId,method,path,status,ms',
              singleLine: true,
            },
          },
        }
      : {}),
  };
}

/**
 * One record per answered request when asked (TREVO_LOG_REQUESTS=1): method, the route's pattern
 * (`/api/app/order/getStatus/:orderId`, never the values: paths and queries carry order ids,
 * hand-off codes such as `/zgo{code}` and tokens), status and milliseconds — instead of Fastify's
 * two records per request, which drowned everything else a developer wanted to read.
 */
export function installRequestLog(app: FastifyInstance, config: Pick<Config, 'logRequests'>): void {
  if (!config.logRequests) return;
  app.addHook('onResponse', async (request, reply) => {
    const path = request.routeOptions.url ?? '(no route)';
    const ms = Math.round(reply.elapsedTime);
    request.log.info(
      { method: request.method, path, status: reply.statusCode, ms },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms`,
    );
  });
}
