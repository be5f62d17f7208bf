import type { PageKey } from '../page-heading';

/**
 * The text pages' content, one markdown file per page and language under `assets/texts/<lang>/`.
 * Each file is its own lazy chunk, fetched when its page opens, so no text weighs on the first page.
 */

/** Languages the texts are written in; pt_BR is the reference. */
export type TextLanguage = 'pt_BR' | 'en_US';

/** The pages whose content is a text of `assets/texts/`. */
export const TEXT_PAGE_KEYS = [
  'text_kyc',
  'text_pp',
  'text_jr',
  'text_tc',
  'text_faq_conta',
  'text_faq_dr',
  'text_faq_jr',
  'text_faq_jogos',
  'text_faq_nu',
  'text_faq_prom',
  'text_faq_segur',
  'complaint_text',
] as const satisfies readonly PageKey[];
export type TextPageKey = (typeof TEXT_PAGE_KEYS)[number];

const LOADERS: Record<string, () => Promise<string>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../assets/texts/*/*.md', { query: '?raw', import: 'default' }),
  ).map(([path, load]) => [path.replace(/^.*\/(\w+)\/(\w+)\.md$/, '$1/$2'), load]),
);

/**
 * Portuguese players read the Portuguese text; every other language reads the English one (the
 * texts are legal and support content, kept in two languages that are maintained together).
 */
export function textLanguage(uiLanguage: string): TextLanguage {
  return uiLanguage === 'pt_BR' ? 'pt_BR' : 'en_US';
}

/** The markdown of `page` in `language` (a lazy chunk). */
export function loadText(page: TextPageKey, language: TextLanguage): Promise<string> {
  const load = LOADERS[`${language}/${page}`];
  if (!load) return Promise.reject(new Error(`No text ${language}/${page}`));
  return load();
}

/** The label of a text's table of contents, in the text's own language. */
export const CONTENTS_LABEL: Record<TextLanguage, string> = {
  pt_BR: 'Nesta página',
  en_US: 'On this page',
};
