import { sql, type Kysely } from 'kysely';

/**
 * Two more things one person has, for the multi-accounting queue (issue 19): the home address a
 * player gives beside the identity documents (CEP, logradouro, número, complemento, bairro, cidade,
 * UF), and the browser's device id (the `deviceId` header) each sign-in came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('address_cep', 'text')
    .addColumn('address_street', 'text')
    .addColumn('address_number', 'text')
    .addColumn('address_complement', 'text')
    .addColumn('address_district', 'text')
    .addColumn('address_city', 'text')
    .addColumn('address_uf', 'text')
    .execute();
  await db.schema.alterTable('sessions').addColumn('device_id', 'text').execute();
  await sql`create index sessions_device_idx on sessions (device_id) where device_id is not null`.execute(db);
}
