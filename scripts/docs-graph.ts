import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * `npm run docs:graph`: draws the import graph between the layers and modules into
 * docs/architecture.md (a Mermaid flowchart between the graph markers), from the same
 * dependency-cruiser configuration `npm run lint` enforces. Files are grouped by where they live —
 * server/infra/<part>, server/platform, server/modules/<module>, domain/<part>, src/<part> — and
 * an arrow means "imports". `--check` only reports whether the drawing in the docs is current.
 */

const DOC = 'docs/architecture.md';
const START = '<!-- graph:start (npm run docs:graph) -->';
const END = '<!-- graph:end -->';

interface Cruised {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string; dependencyTypes: string[] }> }>;
}

/** The group a file belongs to, or undefined for files outside the three trees. */
function groupOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] === 'server') {
    if (parts[1] === 'infra' || parts[1] === 'modules') {
      return parts.length > 3 ? `server/${parts[1]}/${parts[2]}` : `server/${parts[1]}`;
    }
    if (parts[1] === 'platform') return 'server/platform';
    return 'server/app';
  }
  if (parts[0] === 'domain') return parts.length > 2 ? `domain/${parts[1]}` : 'domain';
  if (parts[0] === 'src') return parts.length > 2 ? `src/${parts[1]}` : 'src';
  return undefined;
}

const run = spawnSync(
  'depcruise',
  ['server', 'domain', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (run.status !== 0 && !run.stdout) {
  console.error(run.stderr);
  process.exit(run.status ?? 1);
}
const cruised = JSON.parse(run.stdout) as Cruised;

const edges = new Map<string, number>();
/** Relations made only of dynamic imports: lazy chunks loaded on demand, drawn dotted, not cycles. */
const lazy = new Set<string>();
const eager = new Set<string>();
const groups = new Set<string>();
for (const m of cruised.modules) {
  const from = groupOf(m.source);
  if (!from) continue;
  groups.add(from);
  for (const d of m.dependencies) {
    if (d.dependencyTypes.includes('type-only')) continue;
    const to = groupOf(d.resolved);
    if (!to || to === from) continue;
    edges.set(`${from} ${to}`, (edges.get(`${from} ${to}`) ?? 0) + 1);
    (d.dependencyTypes.includes('dynamic-import') ? lazy : eager).add(`${from} ${to}`);
  }
}

/** Strongly connected groups (Tarjan): any group cycle is drawn and reported. */
function cycles(): string[][] {
  const out: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  const next = (g: string) => [...eager].filter((e) => e.startsWith(`${g} `)).map((e) => e.split(' ')[1]!);
  const visit = (g: string) => {
    index.set(g, counter);
    low.set(g, counter++);
    stack.push(g);
    for (const n of next(g)) {
      if (!index.has(n)) {
        visit(n);
        low.set(g, Math.min(low.get(g)!, low.get(n)!));
      } else if (stack.includes(n)) low.set(g, Math.min(low.get(g)!, index.get(n)!));
    }
    if (low.get(g) === index.get(g)) {
      const component: string[] = [];
      let n: string;
      do {
        n = stack.pop()!;
        component.push(n);
      } while (n !== g);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const g of [...groups].sort()) if (!index.has(g)) visit(g);
  return out;
}

const id = (g: string) => g.replace(/[^a-zA-Z0-9]/g, '_');
const label = (g: string) => g.split('/').slice(1).join('/') || g;
const sections: Array<[string, (g: string) => boolean]> = [
  ['client (src)', (g) => g.startsWith('src')],
  ['domain (shared, pure)', (g) => g.startsWith('domain')],
  ['server', (g) => g.startsWith('server')],
];
const lines = ['```mermaid', 'flowchart TB'];
for (const [title, belongs] of sections) {
  lines.push(`  subgraph ${id(title)}["${title}"]`);
  for (const g of [...groups].filter(belongs).sort()) lines.push(`    ${id(g)}["${label(g)}"]`);
  lines.push('  end');
}
for (const [edge] of [...edges].sort()) {
  const [from, to] = edge.split(' ') as [string, string];
  // Every group may import domain: those arrows would hide the rest.
  if (to.startsWith('domain') && !from.startsWith('domain')) continue;
  lines.push(`  ${id(from)} ${eager.has(edge) ? '-->' : '-.->'} ${id(to)}`);
}
lines.push('```');
const found = cycles();
const drawing = [
  START,
  '',
  `${groups.size} groups, ${edges.size} import relations between them (imports of \`domain/\` from`,
  'the client and the server are left out of the drawing: every part may use it; a dotted arrow is',
  'a lazy chunk, loaded on demand).',
  `Cycles between groups: ${found.length === 0 ? 'none' : found.map((c) => c.join(' ⇄ ')).join('; ')}.`,
  '',
  ...lines,
  '',
  END,
].join('\n');

const doc = readFileSync(DOC, 'utf8');
const before = doc.slice(0, doc.indexOf(START));
const after = doc.slice(doc.indexOf(END) + END.length);
if (!doc.includes(START) || !doc.includes(END)) throw new Error(`${DOC} lacks the graph markers`);
const updated = `${before}${drawing}${after}`;
if (process.argv.includes('--check')) {
  if (updated !== doc) {
    console.error(`${DOC}: the graph is out of date; run npm run docs:graph`);
    process.exit(1);
  }
  console.log(`${DOC}: the graph is current`);
} else {
  writeFileSync(DOC, updated);
  console.log(`${DOC}: ${groups.size} groups, ${edges.size} relations, ${found.length} cycles`);
}
