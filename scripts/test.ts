import { spawn } from 'node:child_process';
import { CHROMIUM, POSTGRES, REDIS, ensure } from './system-deps';

/**
 * `npm test`: every check and test of the product, in stages that fail fast — the static checks
 * (format, types, lint, import boundaries) side by side, then unit/client/server tests on PGlite and
 * on a PostgreSQL cluster the run starts itself, then the built client end to end in Debian's
 * Chromium.
 *
 * `npm run test:sized` (`--sized`): the suites whose size is their point, at a reduced size — the
 * games' and the sportsbook's statistics, and the faults under load (processes killed, PostgreSQL
 * and Redis stopped). They are opt-in locally (full size: `npm run test:stats`, `npm run
 * test:faults`) and CI runs them after `npm test` (`.ci/run`).
 */
interface Step {
  name: string;
  command: string;
  args: string[];
}

/** Steps of a stage run at the same time; the next stage starts when all of them passed. */
type Stage = Step[];

const sized = process.argv.includes('--sized');

// The scaled-out tests run in the PostgreSQL project and start their own Redis.
const hasPostgres = ensure(POSTGRES) && ensure(REDIS);
const hasChromium = !sized && ensure(CHROMIUM);

function vitest(projects: string[], ...extra: string[]): string[] {
  return ['run', ...projects.flatMap((p) => ['--project', p]), ...extra];
}

function testStages(): Stage[] {
  const projects = [
    'unit',
    'client',
    'client-isolated',
    'server',
    'security',
    ...(hasPostgres ? ['server-pg', 'security-pg'] : []),
  ];
  const stages: Stage[] = [
    // Single-threaded programs: side by side they take the two cores instead of one.
    [
      { name: 'format', command: 'prettier', args: ['--check', '--log-level', 'warn', '.'] },
      { name: 'types', command: 'tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
      { name: 'lint', command: 'eslint', args: ['.', '--max-warnings=0'] },
      // The import boundaries: layers, module order, no cycles (.dependency-cruiser.cjs).
      {
        name: 'boundaries',
        command: 'depcruise',
        args: ['server', 'domain', 'src', '--config', '.dependency-cruiser.cjs'],
      },
      // The drawing of that graph in docs/architecture.md is the code's as it now is.
      { name: 'graph', command: 'tsx', args: ['scripts/docs-graph.ts', '--check'] },
    ],
    [{ name: 'tests', command: 'vitest', args: vitest(projects) }],
  ];
  if (hasChromium) {
    stages.push([{ name: 'build', command: 'vite', args: ['build', '--logLevel', 'warn'] }]);
    stages.push([{ name: 'e2e', command: 'playwright', args: ['test'] }]);
  }
  return stages;
}

function sizedStages(): Stage[] {
  const stages: Stage[] = [[{ name: 'stats', command: 'vitest', args: vitest(['stats']) }]];
  // Faults one file at a time, so killed processes and stopped databases do not share the two
  // cores with another file.
  if (hasPostgres) {
    stages.push([{ name: 'faults', command: 'vitest', args: vitest(['faults'], '--no-file-parallelism') }]);
  }
  return stages;
}

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

/**
 * Runs one step. Alone in its stage it writes to the terminal as it goes; beside others its output
 * is held and printed whole when it ends, so the steps' lines do not interleave.
 */
function run(step: Step, alone: boolean): Promise<Result> {
  const started = Date.now();
  if (alone) console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: alone ? 'inherit' : 'pipe', shell: false });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      if (!alone) {
        console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')} (${seconds} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, ok, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

const stages = sized ? sizedStages() : testStages();
const started = Date.now();
const results: Result[] = [];
for (const stage of stages) {
  const done = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...done);
  if (done.some((r) => !r.ok)) break;
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
console.log(`  total ${Math.round((Date.now() - started) / 1000)} s`);
const skipped = [
  !hasPostgres && (sized ? 'fault tests' : 'server tests on PostgreSQL'),
  !sized && !hasChromium && 'end-to-end in Chromium',
].filter(Boolean);
if (skipped.length) console.log(`  skipped: ${skipped.join(', ')}`);
const expected = stages.reduce((n, stage) => n + stage.length, 0);
process.exit(results.every((r) => r.ok) && results.length === expected ? 0 : 1);
