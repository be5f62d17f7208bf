import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one PostgreSQL cluster for the `server-pg` project; each test file makes its own database. */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
