import { spawnSync } from 'node:child_process';
import { CHROMIUM, POSTGRES, REDIS, ensure } from './system-deps';

/**
 * `npm test`: every check the project has, in the order that fails fastest — format, types, lint
 * (import boundaries included), unit/client/server tests on PGlite and on a PostgreSQL cluster the
 * run starts itself, then the built client end to end in Debian's Chromium.
 */
interface Step {
  name: string;
  command: string;
  args: string[];
}

// The scaled-out tests run in the PostgreSQL project and start their own Redis.
const hasPostgres = ensure(POSTGRES) && ensure(REDIS);
const hasChromium = ensure(CHROMIUM);

const projects = [
  'unit',
  'stats',
  'client',
  'client-isolated',
  'server',
  'security',
  ...(hasPostgres ? ['server-pg', 'security-pg'] : []),
];
const steps: Step[] = [
  { name: 'format', command: 'prettier', args: ['--check', '--log-level', 'warn', '.'] },
  { name: 'types', command: 'tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: 'eslint', args: ['.', '--max-warnings=0'] },
  // The import boundaries: layers, module order, no cycles (.dependency-cruiser.cjs).
  {
    name: 'boundaries',
    command: 'depcruise',
    args: ['server', 'domain', 'src', '--config', '.dependency-cruiser.cjs'],
  },
  { name: 'tests', command: 'vitest', args: ['run', ...projects.flatMap((p) => ['--project', p])] },
];
// Faults under load (tests/faults, reduced size; FAULTS_FULL=1 for the durations): their
// own step, one file at a time, so killed processes and stopped databases do not share the two
// cores with the rest of the suite.
if (hasPostgres) {
  steps.push({
    name: 'faults',
    command: 'vitest',
    args: ['run', '--project', 'faults', '--no-file-parallelism'],
  });
}
if (hasChromium) {
  steps.push({ name: 'build', command: 'vite', args: ['build', '--logLevel', 'warn'] });
  steps.push({ name: 'e2e', command: 'playwright', args: ['test'] });
}

const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { stdio: 'inherit', shell: false });
  const ok = run.status === 0;
  results.push({ name: step.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  if (!ok) break;
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
const skipped = [
  !hasPostgres && 'server tests on PostgreSQL, fault tests',
  !hasChromium && 'end-to-end in Chromium',
].filter(Boolean);
if (skipped.length) console.log(`  skipped: ${skipped.join(', ')}`);
process.exit(results.every((r) => r.ok) && results.length === steps.length ? 0 : 1);
