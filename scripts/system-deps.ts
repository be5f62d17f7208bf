import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { postgresBinDir } from '../tests/support/postgres';

/**
 * System programs some tests need. When missing, they are installed from Debian's packages if this
 * process is root with apt; otherwise the tests that need them are skipped with what to install —
 * except under CI=true, where a missing one fails the run.
 */
export interface SystemDep {
  name: string;
  debianPackage: string;
  present(): boolean;
}

export const CHROMIUM: SystemDep = {
  name: 'Chromium',
  debianPackage: 'chromium',
  present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
};

export const POSTGRES: SystemDep = {
  name: 'PostgreSQL',
  debianPackage: 'postgresql',
  present: () => postgresBinDir() !== undefined,
};

export const REDIS: SystemDep = {
  name: 'Redis',
  debianPackage: 'redis-server',
  present: () => spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0,
};

let aptUpdated = false;

function canApt(): boolean {
  return (
    process.getuid?.() === 0 &&
    spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  );
}

/** Makes sure `dep` is present; returns false when it is absent and the run may skip it. */
export function ensure(dep: SystemDep): boolean {
  if (dep.present()) return true;
  if (canApt()) {
    console.log(`[deps] installing ${dep.name} (apt-get install ${dep.debianPackage})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (!aptUpdated) {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      aptUpdated = true;
    }
    execFileSync('apt-get', ['install', '-y', '-qq', dep.debianPackage], { stdio: 'inherit', env });
    if (dep.present()) return true;
  }
  if (process.env.CI === 'true') {
    throw new Error(`${dep.name} is missing and CI=true: install Debian's package '${dep.debianPackage}'`);
  }
  console.warn(
    `[deps] ${dep.name} not found: its tests are SKIPPED. Install it with: apt-get install ${dep.debianPackage}`,
  );
  return false;
}
