import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { fileSectionSchemas, type FileConfig } from '../../infra/config';
import type { LanguageKey } from '../../../domain/languages';
import { CONFIG_SECTIONS } from '../../../domain/schemas/console-desk.schema';
import { maxConfigVersion, overridesAfter } from './config.repository';

/**
 * Operators' changes to the configuration file (issue 8, "Content and configuration"). A change is
 * one section's whole new value, validated by the section's own schema from server/infra/config.ts (so
 * exactly as at start), kept in `config_overrides` (migration 018) and applied by replacing the
 * section object in the running `ctx.config.file`. The modules read these sections on every request
 * (promo routes, deposits, withdrawals, VIP, offers, sports limits and margins), so a change takes
 * effect at once. Sections outside this list (site, games — changed through the game settings —,
 * turnover, demo, sign-up limits) stay as in the file. The list is the console's contract
 * (domain/schemas/console-desk.schema.ts `CONFIG_SECTIONS`).
 */
export const EDITABLE_SECTIONS = CONFIG_SECTIONS satisfies readonly (keyof FileConfig)[];
export type EditableSection = (typeof EDITABLE_SECTIONS)[number];

export function isEditableSection(value: string): value is EditableSection {
  return (EDITABLE_SECTIONS as readonly string[]).includes(value);
}

/** How often an instance looks for changes made through another instance. */
export const CONFIG_POLL_MS = 3000;

export type SectionCheck =
  { ok: true; value: unknown } | { ok: false; path: string; problem: string; problemEn: string };

/** `packages.BRL[0].price`: the path of an issue, from the section's name. */
export function issuePath(section: string, path: readonly PropertyKey[]): string {
  let out = section;
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
  return out;
}

const TYPE_PT: Record<string, string> = {
  number: 'um número',
  string: 'um texto',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  tuple: 'uma lista',
  record: 'um objeto',
  int: 'um número inteiro',
};

/** A zod issue in Brazilian Portuguese, for the operator who made the change. */
function problemPt(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const given = valueAt(input, issue.path);
      if (given === undefined) return 'campo obrigatório ausente';
      return `deve ser ${TYPE_PT[issue.expected] ?? issue.expected}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return `precisa de pelo menos ${min} item(ns)`;
      if (issue.origin === 'string') return `precisa de pelo menos ${min} caractere(s)`;
      return issue.inclusive ? `deve ser no mínimo ${min}` : `deve ser maior que ${min}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return `aceita no máximo ${max} item(ns)`;
      if (issue.origin === 'string') return `aceita no máximo ${max} caractere(s)`;
      return issue.inclusive ? `deve ser no máximo ${max}` : `deve ser menor que ${max}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' ? 'formato inválido' : `formato inválido (${issue.format})`;
    case 'invalid_value':
      return `deve ser um de: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_key':
      return 'chave não permitida';
    case 'unrecognized_keys':
      return `campos não permitidos: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `deve ser múltiplo de ${String(issue.divisor)}`;
    case 'custom':
      return issue.message === 'needs a pt_BR text' ? 'precisa do texto em pt_BR' : issue.message;
    default:
      return 'valor inválido';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = input;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
}

/**
 * Fields that only a restart may change, so the console refuses them: the simulated feed builds a
 * fixture's whole timeline (postponement and abandonment included) with `windowHours`, and instances
 * must all simulate the same world.
 */
const RESTART_ONLY: Partial<Record<EditableSection, readonly string[]>> = { sports: ['windowHours'] };

/**
 * Validates a section's value by its schema; the first problem is named by its path. With `running`
 * (the value in use), a change to a restart-only field is refused too.
 */
export function checkSection(section: EditableSection, value: unknown, running?: unknown): SectionCheck {
  const schema = fileSectionSchemas[section] as z.ZodType;
  const result = schema.safeParse(value, { error: z.locales.en().localeError });
  if (result.success) {
    for (const field of RESTART_ONLY[section] ?? []) {
      const now = (running as Record<string, unknown> | undefined)?.[field];
      const next = (result.data as Record<string, unknown>)[field];
      if (running !== undefined && JSON.stringify(now) !== JSON.stringify(next)) {
        return {
          ok: false,
          path: `${section}.${field}`,
          problem: 'só pode ser alterado no arquivo de configuração, com reinício',
          problemEn: 'can only be changed in the configuration file, with a restart',
        };
      }
    }
    return { ok: true, value: result.data };
  }
  const issue = result.error.issues[0]!;
  return {
    ok: false,
    path: issuePath(section, issue.path),
    problem: problemPt(issue, value),
    problemEn: issue.message,
  };
}

/** The problem text in the request's language (pt_BR is the reference). */
export function problemIn(check: Extract<SectionCheck, { ok: false }>, lang: LanguageKey): string {
  return lang === 'en_US' ? check.problemEn : check.problem;
}

/**
 * Puts a section's value into the running configuration (a new object; readers see it at once).
 * Restart-only fields keep the running value (the file's), whatever the stored override says.
 */
export function applySection(ctx: AppContext, section: EditableSection, value: unknown): void {
  const file = ctx.config.file as Record<EditableSection, unknown>;
  const next = { ...(value as Record<string, unknown>) };
  for (const field of RESTART_ONLY[section] ?? []) {
    next[field] = (file[section] as Record<string, unknown>)[field];
  }
  file[section] = Array.isArray(value) ? value : next;
}

export interface ConfigSync {
  /** Applies every override newer than the last one seen (all of them the first time). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Applies the stored overrides now (at start) and then every `intervalMs` checks the largest
 * version, loading only newer rows when it grew. An override that no longer validates (the schema
 * changed since it was written) is logged and skipped: the file's value stays, start goes on.
 *
 * Every instance applies every change itself, so this is a plain timer and not a leased job. The
 * database, not Redis pub/sub, carries the change: a message published while an instance is
 * starting or reconnecting would be lost, while the version check cannot miss one; its cost is one
 * aggregate over a unique index every few seconds.
 */
export async function startConfigSync(ctx: AppContext, intervalMs = CONFIG_POLL_MS): Promise<ConfigSync> {
  let seen = 0;
  let running: Promise<void> | null = null;

  const load = async () => {
    const top = await maxConfigVersion(ctx.db);
    if (top <= seen) return;
    const rows = await overridesAfter(ctx.db, seen);
    for (const row of rows) {
      const version = Number(row.version);
      if (!isEditableSection(row.section)) {
        ctx.log.warn(
          { section: row.section, version },
          'configuration override of a section not editable: skipped',
        );
      } else {
        let parsed: unknown;
        let check: SectionCheck;
        try {
          parsed = JSON.parse(row.value);
          check = checkSection(row.section, parsed);
        } catch (err) {
          check = { ok: false, path: row.section, problem: String(err), problemEn: String(err) };
        }
        if (check.ok) applySection(ctx, row.section, check.value);
        else {
          ctx.log.error(
            { section: row.section, version, path: check.path, problem: check.problemEn },
            'configuration override no longer valid: skipped, the file value stays',
          );
        }
      }
      seen = Math.max(seen, version);
    }
    seen = Math.max(seen, top);
  };
  const check = async () => {
    // One load at a time: a slow database must not pile up overlapping checks.
    running ??= load().finally(() => {
      running = null;
    });
    return running;
  };

  await check();
  const timer = setInterval(() => {
    check().catch((err) => ctx.log.warn({ err }, 'configuration check failed'));
  }, intervalMs);
  timer.unref();
  return {
    check,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
