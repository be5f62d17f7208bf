import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import { AppError } from '../../infra/http/errors';
// The same list as config-overrides.ts's EditableSection, named from the domain: importing that
// file here would close a cycle (it reads the stored overrides through this one).
import type { ConfigSectionName } from '../../../domain/schemas/console-desk.schema';

/**
 * The configuration overrides' rows (`config_overrides`, migration 018): the version sequence,
 * what each instance polls for, and an operator's change with its audit entry.
 */

/** Takes the next version from the shared sequence (inside the writing transaction). */
export async function nextConfigVersion(trx: Trx): Promise<number> {
  const row = await sql<{ v: string }>`select nextval('config_override_version') as v`.execute(trx);
  return Number(row.rows[0]!.v);
}

/** The largest stored version (0 when nothing is stored): what every instance polls. */
export async function maxConfigVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('config_overrides')
    .select((eb) => eb.fn.max('version').as('v'))
    .executeTakeFirst();
  return row?.v === null || row?.v === undefined ? 0 : Number(row.v);
}

/** Every stored override newer than version `seen`, oldest first (so a later one wins). */
export async function overridesAfter(db: Db, seen: number) {
  return db
    .selectFrom('config_overrides')
    .select(['section', 'value', 'version'])
    .where('version', '>', String(seen))
    .orderBy('version')
    .execute();
}

/** The stored overrides of these sections, with their version, time and the editor's username. */
export async function findConfigOverrides(db: Db, sections: readonly ConfigSectionName[]) {
  return db
    .selectFrom('config_overrides')
    .leftJoin('operators', 'operators.id', 'config_overrides.updated_by')
    .select([
      'config_overrides.section',
      'config_overrides.version',
      'config_overrides.updated_at',
      'operators.username',
    ])
    .where('config_overrides.section', 'in', [...sections])
    .execute();
}

/**
 * Stores a section's new value under a new version and runs `audit` with the value before (the
 * stored one, else `fileValue`), in one transaction; 409 `configChanged` when `expectedVersion` is
 * given and another change was stored since (the file's value is version 0).
 */
export async function saveConfigOverride(
  db: Db,
  section: ConfigSectionName,
  change: { value: unknown; expectedVersion: number | undefined; operatorId: number; fileValue: unknown },
  audit: (trx: Trx, before: unknown) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The audit chain's head is locked by every audited write; taking it first also orders
    // two operators saving the same section, so the version check below cannot race.
    await trx
      .selectFrom('operator_audit_head')
      .select('seq')
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const row = await trx
      .selectFrom('config_overrides')
      .select(['value', 'version'])
      .where('section', '=', section)
      .executeTakeFirst();
    const current = row ? Number(row.version) : 0;
    if (change.expectedVersion !== undefined && change.expectedVersion !== current) {
      throw new AppError(409, 'configChanged');
    }
    const before: unknown = row ? JSON.parse(row.value) : change.fileValue;
    const version = await nextConfigVersion(trx);
    const value = JSON.stringify(change.value);
    await trx
      .insertInto('config_overrides')
      .values({ section, value, version, updated_by: change.operatorId, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('section').doUpdateSet({
          value,
          version,
          updated_by: change.operatorId,
          updated_at: new Date(),
        }),
      )
      .execute();
    await audit(trx, before);
  });
}
