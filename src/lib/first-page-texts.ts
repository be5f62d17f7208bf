import { SPORT_KEYS } from '../../domain/sports/sports.ts';

/**
 * Which pt_BR texts travel with the first page (issue 18: a visitor's home ≤ 180 kB of JavaScript).
 * pt_BR is bundled, being the default and the fallback, but most of its 15 kB gzip belongs to pages
 * and panels that load later. The build serves `pt_BR.json?first` (these paths) and
 * `pt_BR.json?later` (everything else, fetched with the first lazy page or panel: src/lib/i18n.ts
 * `laterTexts`); scripts/vite-split-texts.ts does the split. A path names a section or a key inside
 * one, `*` standing for every key at its level. tests/client/first-page-texts.test.tsx renders
 * home for a visitor and a player with these texts alone and fails on any key they lack.
 */
export const FIRST_PAGE_TEXTS: readonly string[] = [
  // The chrome every page shows, home itself, and the dialogs the API client opens.
  'brand',
  'common',
  'dict',
  'header',
  'nav',
  'notice',
  'loadingScreen',
  'footer',
  'home',
  'pages',
  'errorPage',
  'offer',
  'settings',
  // Home's game tiles and winners name the games.
  'games.open',
  'games.*.name',
  // Home's football highlights: the sport chips and the fixture rows (a live one names its period).
  ...SPORT_KEYS.map((key) => `sports.${key}`),
  'sports.live',
  'sports.today',
  'sports.tomorrow',
  'sports.loading',
  'sports.loadFailed',
  'sports.noPrices',
  'sports.matchTime',
  'sports.fixture.allMarkets',
  // Home's banners, sponsors and welcome gift; the support chat button.
  'promo.home',
  'promo.gift',
  'promo.bonus.receive',
  'support.chat.button',
  'support.chat.menu',
  'support.chat.open',
  'support.chat.openUnread',
];

/** A locale file's texts: nested sections of strings. */
export type Texts = { [key: string]: string | Texts };

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parts of `texts` that `path` (split at dots) names. */
function pick(texts: Texts, path: readonly string[]): Texts {
  const [head, ...rest] = path;
  if (head === undefined) return texts;
  const out: Texts = {};
  for (const key of head === '*' ? Object.keys(texts) : [head]) {
    const value = texts[key];
    if (value === undefined) continue;
    if (rest.length === 0) out[key] = value;
    else if (isTexts(value)) {
      const inner = pick(value, rest);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
}

/** `a` and `b` together (b's keys added into a's sections). */
function merge(a: Texts, b: Texts): Texts {
  const out: Texts = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] = isTexts(mine) && isTexts(value) ? merge(mine, value) : value;
  }
  return out;
}

/** What is in `texts` but not in `taken`, leaving out sections emptied. */
function without(texts: Texts, taken: Texts): Texts {
  const out: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    const gone = taken[key];
    if (gone === undefined) out[key] = value;
    else if (isTexts(value) && isTexts(gone)) {
      const inner = without(value, gone);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
}

/** Splits a locale's texts into those `paths` name and the rest; together they are the whole. */
export function splitTexts(texts: Texts, paths: readonly string[]): { first: Texts; later: Texts } {
  const first = paths.reduce<Texts>((acc, path) => merge(acc, pick(texts, path.split('.'))), {});
  return { first, later: without(texts, first) };
}
