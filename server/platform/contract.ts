import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

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
  body?: z.core.$ZodType;
  query?: z.core.$ZodType;
  params?: z.core.$ZodType;
  /** The `data` of a success envelope (`{ status: 200, message, data }`). */
  response?: z.core.$ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: Contract;
  }
}

/**
 * Holds each success a route answers to its declared contract as it leaves (TREVO_CHECK_RESPONSES=1,
 * which the test runs set): the answer must match `response`, and the request must be one its
 * declared `body`, `query` and `params` admit — a route that parses with another schema than it
 * declares, and so accepts what its contract refuses, is caught by any test that calls it. It reads
 * the serialised body, so answers a database function wrote as JSON text (an instant bet's) are
 * checked like any other. A mismatch becomes a 500 naming the route and the field, so the test
 * that made the call fails.
 */
export function installResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = parseJson(payload);
    if (!isSuccess(body)) return payload;
    const where = `${request.method} ${request.routeOptions.url}`;
    // Read as parseInput reads them (an absent part is an empty object).
    const checks: Array<[string, z.core.$ZodType | undefined, unknown]> = [
      ['body', contract.body, request.body ?? {}],
      ['query', contract.query, request.query ?? {}],
      ['params', contract.params, request.params ?? {}],
      ['answer', contract.response, body.data],
    ];
    for (const [part, schema, value] of checks) {
      const result = schema ? z.safeParse(schema, value) : undefined;
      if (!result || result.success) continue;
      const issue = result.error.issues[0]!;
      request.log.error({ route: where, part, issue }, 'a success outside its contract');
      throw new Error(
        `${where} succeeded outside its contract (${part} at ${issue.path.join('.') || '(root)'}): ${issue.message}`,
      );
    }
    return payload;
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
