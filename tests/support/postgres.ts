import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest Debian PostgreSQL server binaries folder, or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface PgCluster {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops the server as a crash would (`-m immediate`) but keeps its data, for `start()` again. */
  halt(): void;
}

/**
 * Starts a throw-away PostgreSQL cluster with trust auth on 127.0.0.1 (TOOLCHAIN.md). As root the
 * server runs as the `postgres` user, which Debian's package creates.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'trevo-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const command = [join(bin, args[0]!), ...args.slice(1)];
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', ...command], { encoding: 'utf8' })
      : spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run(['initdb', '-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run([
      'pg_ctl',
      '-D',
      join(dir, 'data'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    halt() {
      run(['pg_ctl', '-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    },
    stop() {
      try {
        run(['pg_ctl', '-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
