import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type ptBR from '../../assets/locales/pt_BR.json';
import ptBRFirst from '../../assets/locales/pt_BR.json?first';
import { DEFAULT_LANGUAGE, toLanguageKey, type LanguageKey } from '../../domain/languages';
import { readItem, writeItem } from './storage';

/**
 * Every text of the interface comes from `assets/locales/<lang>.json`. pt_BR is the default, the
 * reference and the fallback, so the texts the first page shows are bundled with it and the rest
 * of pt_BR follows with the first page or panel that needs them (`laterTexts`,
 * src/lib/first-page-texts.ts); every other language is its own chunk, fetched whole only by a
 * player who chose it (a visitor's first page carries one language, not eight). A stored language
 * without a locale file falls back to pt_BR.
 */

type Translation = Record<string, unknown>;

/** The other languages' files, each a lazy chunk, by language key. */
const LAZY_LOCALES: Record<string, () => Promise<Translation>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Translation>(['../../assets/locales/*.json', '!../../assets/locales/pt_BR.json'], {
      import: 'default',
    }),
  ).map(([path, load]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), load]),
);

/**
 * The operator console's texts (`admin.*`), added when its chunk loads: src/admin/admin-texts.ts
 * fills this interface in, so this layer never imports the console.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminTranslations {}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ptBR & { admin: AdminTranslations } };
  }
}

/** Languages that have a locale file, pt_BR first, in the order the language picker shows them. */
export const UI_LANGUAGES: readonly LanguageKey[] = [
  'pt_BR',
  ...(Object.keys(LAZY_LOCALES) as LanguageKey[]),
];
export type UiLanguage = LanguageKey;

function toUiLanguage(key: LanguageKey): UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(key) ? (key as UiLanguage) : 'pt_BR';
}

/** `pt_BR` → `pt-BR`, for the document's `lang` attribute and Intl formatters. */
export function bcp47(key: string): string {
  return key.replace('_', '-');
}

const initial = toUiLanguage(toLanguageKey(readItem('lang')));

let later: Promise<void> | undefined;

/**
 * Adds the pt_BR texts the first page leaves out (once; a failed fetch is tried again next time).
 * Lazy pages and panels load it beside their own chunk, so they show with their texts.
 */
export function laterTexts(): Promise<void> {
  later ??= import('../../assets/locales/pt_BR.json?later').then(
    ({ default: texts }) => {
      i18n.addResourceBundle('pt_BR', 'translation', texts, true, false);
    },
    (error: unknown) => {
      later = undefined;
      throw error;
    },
  );
  return later;
}

void i18n.use(initReactI18next).init({
  resources: { pt_BR: { translation: ptBRFirst } },
  lng: 'pt_BR',
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A text asked for before the rest of pt_BR arrived (a page that did not wait for it) fetches
  // it, and every text on screen is rendered again once it is added.
  saveMissing: true,
  missingKeyHandler: () => void laterTexts().catch(() => undefined),
  react: { bindI18nStore: 'added' },
});

/** Languages whose file has been added (a bundle may exist before: the console adds its texts). */
const loaded = new Set<string>(['pt_BR']);

/** Makes `key`'s texts available (fetching its chunk the first time). */
async function loadLanguage(key: UiLanguage): Promise<void> {
  const load = LAZY_LOCALES[key];
  if (!load || loaded.has(key)) return;
  i18n.addResourceBundle(key, 'translation', await load(), true, false);
  loaded.add(key);
}

/** Switches the interface and the `lang` header to `key`, and remembers it. */
export async function setLanguage(key: UiLanguage): Promise<void> {
  writeItem('lang', key);
  await loadLanguage(key);
  await i18n.changeLanguage(key);
  if (typeof document !== 'undefined') document.documentElement.lang = bcp47(key);
}

/**
 * Resolves when the stored language is showing: at once for pt_BR, after its chunk otherwise (the
 * app renders after it, so a player never sees a flash of the other language). A chunk that fails
 * to load leaves pt_BR.
 */
export const languageReady: Promise<void> = (
  initial === 'pt_BR' ? Promise.resolve() : loadLanguage(initial).then(() => i18n.changeLanguage(initial))
).then(
  () => {
    if (typeof document !== 'undefined') document.documentElement.lang = bcp47(currentLanguage());
  },
  () => undefined,
);

/** The language the interface is showing. */
export function currentLanguage(): UiLanguage {
  return toUiLanguage(toLanguageKey(i18n.language));
}

export default i18n;
