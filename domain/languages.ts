/** Languages of section 9 (first set, the site's selector) with their pay settings (section 3). */
export interface Language {
  name: string;
  key: LanguageKey;
  phonePrefix: string;
  image: string;
  pay: { text: string; unit: string; symbol: string };
}

export const LANGUAGE_KEYS = [
  'pt_BR',
  'en_US',
  'id_ID',
  'vi_VN',
  'nr_NR',
  'ja_JP',
  'ko_KR',
  'zh_CN',
  'ru_RU',
] as const;
export type LanguageKey = (typeof LANGUAGE_KEYS)[number];

/** pt_BR is the default and the reference language; every player pays in BRL. */
export const DEFAULT_LANGUAGE: LanguageKey = 'pt_BR';

const brl = { text: 'BRL', unit: 'BRL', symbol: 'R$' };

export const LANGUAGES: readonly Language[] = [
  { name: 'Português', key: 'pt_BR', phonePrefix: '+55', image: 'flags/br.svg', pay: brl },
  { name: 'English', key: 'en_US', phonePrefix: '+55', image: 'flags/us.svg', pay: brl },
  { name: 'Bahasa Indonesia', key: 'id_ID', phonePrefix: '+55', image: 'flags/id.svg', pay: brl },
  { name: 'Tiếng Việt', key: 'vi_VN', phonePrefix: '+55', image: 'flags/vn.svg', pay: brl },
  { name: 'Norsk', key: 'nr_NR', phonePrefix: '+55', image: 'flags/no.svg', pay: brl },
  { name: '日本語', key: 'ja_JP', phonePrefix: '+55', image: 'flags/jp.svg', pay: brl },
  { name: '한국어', key: 'ko_KR', phonePrefix: '+55', image: 'flags/kr.svg', pay: brl },
  { name: '中文', key: 'zh_CN', phonePrefix: '+55', image: 'flags/cn.svg', pay: brl },
  { name: 'Русский', key: 'ru_RU', phonePrefix: '+55', image: 'flags/ru.svg', pay: brl },
];

/** Narrows any header or stored value to a known language key, falling back to pt_BR. */
export function toLanguageKey(value: unknown): LanguageKey {
  return (LANGUAGE_KEYS as readonly unknown[]).includes(value) ? (value as LanguageKey) : DEFAULT_LANGUAGE;
}
