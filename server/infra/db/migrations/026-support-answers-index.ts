import { sql, type Kysely } from 'kysely';

/**
 * The reply-time estimate (support.service.ts `replyTime`) reads the operators' answers of the last
 * week; without an index it scanned every support message ever written (red-team review). A partial
 * index holds only the answers, by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('support_messages_answers_idx')
    .on('support_messages')
    .column('created_at')
    .where(sql.ref('author'), '=', 'operator')
    .execute();
}
