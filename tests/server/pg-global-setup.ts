import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDb } from '../../server/infra/db/connection';
import { startPgCluster } from '../support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** The database every test database is copied from: the migrations applied once per run. */
export const PG_TEMPLATE = 'trevo_template';

/**
 * Starts one PostgreSQL cluster for the `server-pg` project; each test file makes its own database,
 * a copy of one migrated here (CREATE DATABASE … TEMPLATE copies files instead of running the
 * migrations again for every test app).
 */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${PG_TEMPLATE}`);
  await admin.end();
  const { db } = await openDb({ databaseUrl: cluster.url.replace(/\/postgres$/, `/${PG_TEMPLATE}`) });
  await migrate(db);
  await db.destroy();
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
