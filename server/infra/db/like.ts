/**
 * A LIKE pattern that finds `text` anywhere, with LIKE's own characters (`%`, `_`, `\`) taken as
 * letters: a search for `a_b` means those three letters, not "a, any character, b".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
