import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Malformed values for the schema-driven fuzzer (tests/security/fuzz.test.ts): a fixed list of edge
 * cases every field gets, and fast-check arbitraries for random ones. A body value is raw JSON text
 * (so `-0`, `1e999`, lone-surrogate escapes and `__proto__` keys reach the server as written); a
 * query or path value is raw, already percent-encoded text.
 */

/** One malformed value for one field. */
export interface Mutation {
  /** A stable name for the case (the fixed ones), or `random` (fast-check). */
  label: string;
  random: boolean;
  /** Body: the raw JSON text written as the field's value. Query/path: the raw encoded text. */
  raw: string | string[] | null | undefined;
  /** What the handler is expected to see, for the contract check of an accepted call. */
  value: unknown;
}

/** Deepest nesting the body parser admits (server/platform/json-body.ts MAX_JSON_DEPTH). */
export const MAX_BODY_DEPTH = 16;

/** A long string: ten thousand characters of `unit`. */
const long = (unit: string) => unit.repeat(10_000 / unit.length);

/** Percent-encodes any JS string; a lone surrogate becomes its WTF-8 bytes, which no UTF-8 decoder accepts. */
export function pct(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

/** How a server decodes raw query or path text (undecodable text is kept as written). */
export function decode(raw: string, plusIsSpace: boolean): string {
  try {
    return decodeURIComponent(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
  } catch {
    return raw;
  }
}

/** What a path parameter's raw text becomes: the part before any `?` or `#`, decoded. */
export function pathValue(raw: string): string {
  return decode(raw.split(/[?#]/)[0]!, false);
}

/**
 * A query string as Fastify reads it (fast-querystring): pairs split on `&` and the first `=`, `+`
 * as a space, percent-decoded where that succeeds (else kept as written), a bare key as `''`, a
 * repeated key as an array.
 */
export function parseQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const pair of qs.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq), true);
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1), true);
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    const entry =
      current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
    Object.defineProperty(out, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A JS value as JSON text, with the numbers JSON cannot spell written as overflowing literals. */
export function jsonText(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '"NaN"';
    if (value === Infinity) return '1e999';
    if (value === -Infinity) return '-1e999';
    if (Object.is(value, -0)) return '-0';
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const body = (label: string, raw: string): Mutation => ({
  label,
  random: false,
  raw,
  value: JSON.parse(raw) as unknown,
});

/** Nested arrays `levels` deep around `1`. */
const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** Numbers written as text the way a careless client (or an attacker) writes them. */
function numberSpellings(n: number): Array<[string, string]> {
  const m = Math.abs(Math.trunc(n)) || 1;
  return [
    ['number as text', String(m)],
    ['leading space', ` ${m}`],
    ['trailing space', `${m} `],
    ['plus sign', `+${m}`],
    ['leading zero', `0${m}`],
    ['decimal point', `${m}.0`],
    ['exponent', `${m}e0`],
    ['hex', `0x${m.toString(16)}`],
    ['comma decimal', `${m},00`],
    ['fullwidth digits', String(m).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))],
    ['arabic-indic digits', String(m).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))],
  ];
}

/**
 * The fixed edge cases of a body field whose valid value is `baseline`: wrong types, numbers JSON
 * allows but no amount or count should take, long and odd strings, nesting just under the limit,
 * and prototype keys. `depth` is how deep the field sits (1: a top-level field).
 */
export function bodyCases(baseline: unknown, depth: number): Mutation[] {
  const n = typeof baseline === 'number' ? baseline : 5;
  const underLimit = MAX_BODY_DEPTH - depth - 1;
  return [
    { label: 'left out', random: false, raw: undefined, value: undefined },
    body('null', 'null'),
    body('true', 'true'),
    body('false', 'false'),
    body('empty string', '""'),
    body('blank string', '"   "'),
    ...numberSpellings(n).map(([label, text]) => body(label, JSON.stringify(text))),
    body('text NaN', '"NaN"'),
    body('text Infinity', '"Infinity"'),
    body('1e308', '1e308'),
    body('1e999 (parses to Infinity)', '1e999'),
    body('-0', '-0'),
    body('2**53+1', '9007199254740993'),
    body('negative', '-1'),
    body('large negative', '-100000'),
    body('tiny fraction', '0.000001'),
    body('three decimals', '1.005'),
    body('1e21', '1e21'),
    body('array of the value', `[${jsonText(baseline ?? 1)}]`),
    body('empty array', '[]'),
    body('empty object', '{}'),
    body('object', '{"value":1}'),
    body('nested just under the depth limit', nested(Math.max(1, underLimit))),
    body('10k ascii', JSON.stringify(long('a'))),
    body('10k multibyte', JSON.stringify(long('€'))),
    body('10k astral', JSON.stringify(long('😀'))),
    body('lone high surrogate', '"a\\ud800b"'),
    body('lone low surrogate', '"\\udfffa"'),
    body('lone surrogate after non-ASCII', '"\\u00e9\\udc00"'),
    body('NUL', '"a\\u0000b"'),
    body('control characters', '"\\u0007\\b\\r\\n\\t\\u001b"'),
    body('RTL override', '"\\u202eabc\\u200f"'),
    body('zero-width and BOM', '"\\u200b\\ufeff"'),
    body('combining marks', '"e\\u0301\\u0301\\u0301"'),
    body('SQL-ish', JSON.stringify("' OR 1=1 --")),
    body('markup', JSON.stringify('<script>alert(1)</script>')),
    body('text __proto__', '"__proto__"'),
    body('text constructor', '"constructor"'),
    body('__proto__ key', '{"__proto__":{"polluted":true}}'),
    body('constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'),
  ];
}

const text = (label: string, raw: string | string[] | null, inQuery: boolean): Mutation => ({
  label,
  random: false,
  raw,
  value:
    raw === null
      ? ''
      : Array.isArray(raw)
        ? raw.map((r) => decode(r, true))
        : inQuery
          ? decode(raw, true)
          : pathValue(raw),
});

/**
 * The fixed edge cases of a query or path value whose valid text is `baseline`. A query value may
 * also be repeated (an array) or sent as a bare key; `inPath` leaves those out.
 */
export function textCases(baseline: string, inPath: boolean): Mutation[] {
  const q = !inPath;
  const n = /^\d+$/.test(baseline) ? Number(baseline) : 5;
  const cases: Mutation[] = [
    text('empty', '', q),
    text('blank', '%20%20', q),
    ...numberSpellings(n).map(([label, t]) => text(label, pct(t), q)),
    text('negative', '-1', q),
    text('-0', '-0', q),
    text('text NaN', 'NaN', q),
    text('text Infinity', 'Infinity', q),
    text('1e308', '1e308', q),
    text('2**53+1', '9007199254740993', q),
    text('true', 'true', q),
    text('null', 'null', q),
    text('10k ascii', long('a'), q),
    text('10k multibyte', pct(long('€')), q),
    text('lone surrogate bytes', '%ED%A0%80', q),
    text('invalid percent', '%zz', q),
    text('truncated percent', 'a%', q),
    text('overlong UTF-8', '%C0%AF', q),
    text('invalid UTF-8 byte', '%FF%FE', q),
    text('NUL', 'a%00b', q),
    text('RTL override', pct('\u202eabc\u200f'), q),
    text('dot segments', '..%2F..%2F', q),
    text('encoded slash', `${pct(baseline)}%2Fx`, q),
    text('text __proto__', '__proto__', q),
    text('text constructor', 'constructor', q),
    text('SQL-ish', pct("' OR 1=1 --"), q),
    text(
      'case changed',
      pct(baseline.toUpperCase() === baseline ? baseline.toLowerCase() : baseline.toUpperCase()),
      q,
    ),
    text('padded value', pct(` ${baseline} `), q),
  ];
  if (!inPath) {
    cases.unshift({ label: 'left out', random: false, raw: undefined, value: undefined });
    cases.push(text('bare key', null, q), text('repeated', [pct(baseline), pct(baseline)], q));
  }
  return cases;
}

/** Numeric-looking text: signs, spaces, separators, exponents. */
const numericText = fc.stringMatching(/^[ +-]?\d{0,25}([.,]\d{0,8})?([eE][+-]?\d{1,3})?[ ]?$/);

/** Keys that name properties every object inherits. */
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'];

/** An object written key by key (so `__proto__` stays an own key of the JSON text). */
const objectText = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    {
      maxLength: 4,
    },
  )
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`);

/** A random malformed body value, as raw JSON text (parsing may still refuse it: `__proto__`). */
export const randomBodyValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc
    .string({
      unit: fc.constantFrom('\ud800', '\udc00', '\u0000', '\u202e', '\ufeff', 'a', '1', ' '),
      maxLength: 12,
    })
    .map((s) => JSON.stringify(s)),
  numericText.map((s) => JSON.stringify(s)),
  fc.double().map(jsonText),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(jsonText),
  fc.integer().map(String),
  fc.jsonValue({ maxDepth: 3 }).map(jsonText),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map(jsonText),
  objectText,
  fc.integer({ min: 1, max: 12 }).map(nested),
);

/** A random malformed query or path text, raw (percent-encoded where the generator encoded it). */
export const randomText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map(pct),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(pct),
  numericText.map(pct),
  fc.string({ maxLength: 20 }),
  fc
    .array(
      fc.constantFrom(
        '%',
        '%zz',
        '%00',
        '%ED%A0%80',
        '%C0%AF',
        '%FF',
        '..',
        '/',
        '%2F',
        '+',
        '&',
        '=',
        '.',
        'a',
        '1',
        '%20',
      ),
      {
        maxLength: 6,
      },
    )
    .map((parts) => parts.join('')),
);

/** A value that coerces to a small whole number (a real id): kept out of random path values. */
export function coercesToId(raw: string): boolean {
  const n = Number(pathValue(raw));
  return raw.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 100_000_000;
}

/** Random mutations of a body field, reproducible from `seed`. */
export function randomBodyCases(seed: number, count: number): Mutation[] {
  if (count === 0) return [];
  return fc.sample(randomBodyValue, { seed, numRuns: count }).map((raw) => ({
    label: 'random',
    random: true,
    raw,
    value: safeJson(raw),
  }));
}

/** Random mutations of a query or path value, reproducible from `seed`. */
export function randomTextCases(seed: number, count: number, inPath: boolean): Mutation[] {
  if (count === 0) return [];
  const arb = inPath ? randomText.filter((raw) => !coercesToId(raw)) : randomText;
  return fc.sample(arb, { seed, numRuns: count }).map((raw) => ({
    label: 'random',
    random: true,
    raw,
    value: inPath ? pathValue(raw) : decode(raw, true),
  }));
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A stable 31-bit hash of a string, to give each field its own fast-check seed. */
export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 1;
}

/** A field's place in a body or query: its path of keys (array indexes as numbers). */
export type FieldPath = Array<string | number>;

interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  element?: z.core.$ZodType;
}
const defOf = (s: z.core.$ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default, catch, readonly and the input side of a pipe. */
export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

/**
 * The fields a zod schema reads, from its `.shape` (objects, the options of a union, the element
 * of an array at index 0, or that element itself), down to `maxDepth` levels:
 * `[['amount'], ['legs'], ['legs', 0, 'odds'], ['ids'], ['ids', 0], …]`. With `shared`, an object
 * schema met again at another path (one score shape for every period of a result) is fuzzed as a
 * whole there, its inner fields only at the first path: they parse the same way.
 */
export function fieldsOf(
  schema: z.core.$ZodType,
  options: { maxDepth?: number; shared?: Set<z.core.$ZodType> } = {},
  prefix: FieldPath = [],
): FieldPath[] {
  const maxDepth = options.maxDepth ?? 3;
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'union' && def.options) {
    const found = new Map<string, FieldPath>();
    for (const option of def.options) {
      for (const path of fieldsOf(option, options, prefix)) found.set(path.join('.'), path);
    }
    return [...found.values()];
  }
  if (def.type === 'array' && def.element && prefix.length > 0) {
    const element = [...prefix, 0];
    const inner = fieldsOf(def.element, options, element);
    // An array of plain values: its first element is a field of its own.
    return inner.length > 0 ? inner : [element];
  }
  if (def.type !== 'object' || !def.shape || prefix.filter((p) => typeof p === 'string').length >= maxDepth) {
    return [];
  }
  if (options.shared && prefix.length > 0) {
    if (options.shared.has(s)) return [];
    options.shared.add(s);
  }
  return Object.entries(def.shape).flatMap(([key, child]) => {
    const path = [...prefix, key];
    return [path, ...fieldsOf(child, options, path)];
  });
}
