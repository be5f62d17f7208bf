import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FROM_PLACEMENT } from '../domain/sports/rules';
import { SPORT_KEYS } from '../domain/sports/sports';

/**
 * Tables of the docs that are drawn from the code, so the docs cannot say one rule while the code
 * does another (`npx tsx scripts/docs-tables.ts` rewrites them; tests/unit/docs-tables.test.ts
 * fails when one is stale). Each lives between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`.
 */
export interface DocTable {
  file: string;
  name: string;
  render(): string;
}

export const DOC_TABLES: readonly DocTable[] = [
  {
    file: 'docs/api.md',
    name: 'from-placement',
    render() {
      const rows = SPORT_KEYS.map((sport) => {
        const markets = FROM_PLACEMENT[sport];
        return `| \`${sport}\` | ${markets.length ? markets.map((m) => `\`${m}\``).join(', ') : 'none: every live market counts the whole game'} |`;
      });
      return [
        '| sport | live markets that count only what is scored after the bet |',
        '| --- | --- |',
        ...rows,
      ].join('\n');
    },
  },
];

const blockPattern = (name: string) =>
  new RegExp(`(<!-- generated:${name} -->\\n)([\\s\\S]*?)(\\n<!-- /generated:${name} -->)`);

/** The file's text with each of its tables rendered anew; throws when a table's markers are missing. */
export function renderDocs(file: string, text: string): string {
  let out = text;
  for (const table of DOC_TABLES.filter((t) => t.file === file)) {
    const re = blockPattern(table.name);
    if (!re.test(out)) throw new Error(`${file}: no <!-- generated:${table.name} --> block`);
    out = out.replace(
      re,
      (_, open: string, _old: string, close: string) => `${open}${table.render()}${close}`,
    );
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of new Set(DOC_TABLES.map((t) => t.file))) {
    const text = readFileSync(file, 'utf8');
    const next = renderDocs(file, text);
    if (next !== text) {
      writeFileSync(file, next);
      console.log(`updated ${file}`);
    }
  }
}
