import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * What a route reads and answers, declared on the route beside its access (`allow(access,
 * contract)`) with the schemas of `domain/schemas`, so each contract is written once: the handler
 * parses its input with these same schemas (`parseInput`, for the pt-BR refusals), the client
 * parses the answers with them, the test runs check every answer against `response`, and the
 * OpenAPI document at /api/docs is drawn from them (platform/openapi.ts).
 */
export interface Contract {
  /** One line for the API's readers. */
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The `data` of a success envelope (`{ status: 200, message, data }`). */
  response?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: Contract;
  }
}

/**
 * Checks each success a route answers against its declared `response` as it leaves
 * (TREVO_CHECK_RESPONSES=1, which the test runs set). It reads the serialised body, so answers a
 * database function wrote as JSON text (an instant bet's) are checked like any other. An answer that
 * drifted from its contract becomes a 500 naming the route and the first mismatch, so the test that
 * made the call fails.
 */
export function installResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.config?.contract?.response;
    if (!schema || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = parseJson(payload);
    if (!isSuccess(body)) return payload;
    const result = schema.safeParse(body.data);
    if (result.success) return payload;
    const issue = result.error.issues[0]!;
    const where = `${request.method} ${request.routeOptions.url}`;
    request.log.error({ route: where, issue }, 'answer does not match its contract');
    throw new Error(
      `${where} answered outside its contract at ${issue.path.join('.') || '(data)'}: ${issue.message}`,
    );
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isSuccess(payload: unknown): payload is { status: 200; data: unknown } {
  return typeof payload === 'object' && payload !== null && (payload as { status?: unknown }).status === 200;
}
