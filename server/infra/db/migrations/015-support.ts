import { sql, type Kysely } from 'kysely';

/**
 * Customer service (issue 7): one support conversation per player with its messages, and the
 * complaints filed at `/complaint_form`. Texts are plain text (the clients never render them as
 * HTML). `awaiting_reply` is true while the player's last message has no operator answer after it,
 * so the console lists those first. A complaint's protocol is unique; its number is the row's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_conversations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // One conversation per player: it stays open and every message goes to it.
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('awaiting_reply', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('support_conversations_queue_idx')
    .on('support_conversations')
    .columns(['awaiting_reply', 'last_message_at'])
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('support_conversations.id'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('player', 'operator')`))
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 4000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'support_messages_operator_ck',
      sql`(author = 'operator') = (operator_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('support_messages_conversation_idx')
    .on('support_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('complaints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('protocol', 'text', (c) => c.notNull().unique())
    // Null when a visitor filed it.
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'answered')`),
    )
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('complaints_status_idx').on('complaints').columns(['status', 'id']).execute();
}
