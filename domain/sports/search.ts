/**
 * Finding a fixture by what a bettor types (issue 16, "finding a bet"): a team or a competition,
 * any case, with or without accents ("sao paulo" finds São Paulo, "brasileirao" the
 * Brasileirão). Every word typed must appear in one of the fixture's names.
 */

/** A name as search compares it: no accents, lower case, single spaces. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether every word of `query` appears in one of `names`. */
export function matchesSearch(query: string, names: readonly string[]): boolean {
  const words = searchable(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = names.map(searchable);
  return words.every((w) => haystack.some((name) => name.includes(w)));
}
