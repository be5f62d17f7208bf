import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Two processes on one PGlite folder corrupt it, so the server holds a lock file there while it
 * runs, and tools that open the folder check it first.
 */
const lockPath = (dir: string) => join(dir, 'trevo.lock');

/** The pid of a live process holding `dir`, or undefined when the folder is free. */
export function lockHolder(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath(dir), 'utf8'));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Takes the folder's lock (taking over one left by a dead process); returns the release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const holder = lockHolder(dir);
  if (holder !== undefined) throw new Error(`The data folder ${dir} is in use by process ${holder}`);
  rmSync(lockPath(dir), { force: true });
  const fd = openSync(lockPath(dir), 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockPath(dir), { force: true });
}
