import { z } from 'zod';
import type { Access, DeclaredRoute } from './access';

/**
 * The API's OpenAPI 3.1 document, drawn from the routes as they are declared (issue 17, "contracts
 * once"): each route's access (who may call it) and, where it declares a contract, the schemas of
 * `domain/schemas` it parses and answers with. Nothing here is written by hand per route, so the
 * document cannot drift from the server. API.md remains the narrative; this is the reference.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, unknown>>;
}

const DESCRIPTION = [
  'A API do Trevo. Toda resposta vem no envelope `{ status, message, data }`: `status` 200 é sucesso;',
  'os demais códigos e as mensagens em português são os do catálogo da especificação (seção 8).',
  'Valores em reais com duas casas; chamadas que movem dinheiro levam o cabeçalho `Idempotency-Key`.',
].join(' ');

/** The contract's version: its major number changes when a call stops answering as before. */
export const API_VERSION = '1.0.0';

/** An empty document, filled once the app knows its routes (see `describeApi`). */
export function emptyDocument(version: string = API_VERSION): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Trevo API', version, description: DESCRIPTION },
    components: {
      securitySchemes: {
        player: { type: 'http', scheme: 'bearer', description: 'Token de sessão de jogador (login).' },
        operator: { type: 'http', scheme: 'bearer', description: 'Token de sessão de operador (console).' },
      },
      schemas: {
        Failure: {
          type: 'object',
          required: ['status', 'message'],
          properties: {
            status: { type: 'integer', description: 'Código do catálogo (seção 8 da especificação).' },
            message: {
              type: 'string',
              description: 'Mensagem em português (ou no idioma do cabeçalho `lang`).',
            },
            data: {},
          },
        },
      },
    },
    tags: [],
    paths: {},
  };
}

/** Fills `doc` with the /api routes of `routes` (HEAD, wildcards and the docs themselves left out). */
export function describeApi(doc: OpenApiDocument, routes: readonly DeclaredRoute[]): OpenApiDocument {
  const tags = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    if (route.method === 'HEAD' || route.url.includes('*')) continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const tag = tagOf(route.url);
    tags.add(tag);
    (doc.paths[path] ??= {})[route.method.toLowerCase()] = operation(route, tag);
  }
  doc.tags = [...tags].sort().map((name) => ({ name }));
  return doc;
}

function operation(route: DeclaredRoute, tag: string) {
  const { contract, access } = route;
  const op: Record<string, unknown> = {
    tags: [tag],
    summary: contract?.summary,
    description: `Quem pode chamar: ${who(access)}.`,
    security: security(access),
    parameters: [...pathParameters(route), ...queryParameters(contract?.query)],
    responses: {
      '200': {
        description: 'Sucesso',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['status', 'message', 'data'],
              properties: {
                status: { const: 200 },
                message: { type: 'string' },
                data: contract?.response ? jsonSchema(contract.response, 'output') : {},
              },
            },
          },
        },
      },
      default: {
        description: 'Recusa, no envelope do catálogo',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
      },
    },
  };
  if (contract?.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
    };
  }
  return op;
}

/** The schema a zod type describes, for the side of the wire it sits on. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function pathParameters(route: DeclaredRoute) {
  const shape = objectProperties(route.contract?.params, 'input');
  return [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: shape.properties[name!] ?? { type: 'string' },
  }));
}

function queryParameters(query: z.core.$ZodType | undefined) {
  const { properties, required } = objectProperties(query, 'input');
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
}

function objectProperties(schema: z.core.$ZodType | undefined, io: 'input' | 'output') {
  if (!schema) return { properties: {} as Record<string, JsonSchema>, required: [] as string[] };
  const json = jsonSchema(schema, io);
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}

function tagOf(url: string): string {
  // The specification spells one call with a doubled slash (api//app/game/inPlay).
  const [, , first, second] = url.replace(/\/+/g, '/').split('/');
  if (first === 'admin') return 'console';
  if (first === 'app' && second) return second;
  return first ?? 'api';
}

function who(access: Access | undefined): string {
  switch (access?.kind) {
    case 'public':
      return 'qualquer visitante';
    case 'player':
      return 'um jogador com sessão';
    case 'operator':
      return `um operador (${access.roles.join(', ')}; admin passa em todas)`;
    default:
      return 'ninguém (rota sem declaração)';
  }
}

function security(access: Access | undefined) {
  if (access?.kind === 'player') return [{ player: [] }];
  if (access?.kind === 'operator') return [{ operator: [] }];
  return [];
}
