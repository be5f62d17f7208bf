import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';

/**
 * Customer service's queries (issue 17: SQL in the repository, rules in the service): the
 * conversations and their messages, the operators' measured reply waits, and the complaints.
 */

export type MessageRow = { id: number; author: 'player' | 'operator'; text: string; created_at: Date };

/** The player's conversation id, created on first use, locked for the rest of the transaction. */
export async function ensureConversation(trx: Trx, userId: number): Promise<number> {
  await trx
    .insertInto('support_conversations')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('support_conversations')
    .select('id')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The player's conversation id, if the player ever wrote. */
export async function conversationIdOf(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('support_conversations')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/** The latest `limit` messages of a conversation, newest first. */
export async function latestMessages(db: Db, conversationId: number, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('support_messages')
    .select(['id', 'author', 'text', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Adds a message to a conversation and marks whether it now waits for an answer. */
export async function addMessage(
  trx: Trx,
  message: { conversationId: number; author: 'player' | 'operator'; operatorId: number | null; text: string },
): Promise<MessageRow> {
  const row = await trx
    .insertInto('support_messages')
    .values({
      conversation_id: message.conversationId,
      author: message.author,
      operator_id: message.operatorId,
      text: message.text,
    })
    .returning(['id', 'author', 'text', 'created_at'])
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('support_conversations')
    .set({ awaiting_reply: message.author === 'player', last_message_at: row.created_at })
    .where('id', '=', message.conversationId)
    .execute();
  return row;
}

/**
 * Seconds each operator answer since `since` took, from the first player message it answered
 * (the newest 500 answers).
 */
export async function answerWaits(db: Db, since: Date): Promise<number[]> {
  const { rows } = await sql<{ seconds: string | number }>`
    select extract(epoch from (o.created_at - w.asked)) as seconds
    from support_messages o
    cross join lateral (
      select min(p.created_at) as asked
      from support_messages p
      where p.conversation_id = o.conversation_id
        and p.author = 'player'
        and p.id < o.id
        and p.id > coalesce((
          select max(x.id) from support_messages x
          where x.conversation_id = o.conversation_id and x.author = 'operator' and x.id < o.id
        ), 0)
    ) w
    where o.author = 'operator' and o.created_at > ${since} and w.asked is not null
    order by o.id desc
    limit 500
  `.execute(db);
  return rows.map((r) => Number(r.seconds));
}

/** The operator's list: waiting conversations first, then the most recent, with the last text. */
export async function conversationRows(db: Db) {
  return db
    .selectFrom('support_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'c.awaiting_reply',
      'c.last_message_at',
      'u.username',
      'u.name',
      (eb) =>
        eb
          .selectFrom('support_messages as m')
          .select('m.text')
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last_text'),
    ])
    .orderBy('c.awaiting_reply', 'desc')
    .orderBy('c.last_message_at', 'desc')
    .limit(200)
    .execute();
}

/** One conversation with its player's identity. */
export async function conversationWithPlayer(db: Db, id: number) {
  return db
    .selectFrom('support_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.awaiting_reply', 'u.username', 'u.name', 'u.level', 'u.created_at'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** Locks a conversation for an answer; undefined when there is none with this id. */
export async function lockConversation(trx: Trx, id: number) {
  return trx
    .selectFrom('support_conversations')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The next complaint id, taken before the row so its protocol is written with it. */
export async function nextComplaintId(trx: Trx): Promise<number> {
  const next = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence('complaints', 'id')) as id`.execute(trx);
  return Number(next.rows[0]!.id);
}

export async function insertComplaint(
  trx: Trx,
  complaint: {
    id: number;
    protocol: string;
    userId: number | null;
    subject: string;
    text: string;
    contact: string;
    ip: string;
  },
): Promise<void> {
  await trx
    .insertInto('complaints')
    .values({
      id: complaint.id,
      protocol: complaint.protocol,
      user_id: complaint.userId,
      subject: complaint.subject,
      text: complaint.text,
      contact: complaint.contact,
      ip: complaint.ip,
    })
    .execute();
}

export async function complaintByProtocol(db: Db, protocol: string) {
  return db
    .selectFrom('complaints')
    .select(['protocol', 'subject', 'status', 'answer', 'contact', 'created_at', 'answered_at'])
    .where('protocol', '=', protocol)
    .executeTakeFirst();
}

/** The operator's list of complaints, open ones first, oldest first (they have waited longest). */
export async function complaintRows(db: Db, status?: 'open' | 'answered') {
  let query = db
    .selectFrom('complaints as k')
    .leftJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('operators as o', 'o.id', 'k.answered_by')
    .select([
      'k.id',
      'k.protocol',
      'k.subject',
      'k.text',
      'k.contact',
      'k.status',
      'k.answer',
      'k.answered_at',
      'k.created_at',
      'u.username',
      'o.username as answered_by',
    ])
    .orderBy(sql`case when k.status = 'open' then 0 else 1 end`)
    .orderBy('k.id', 'asc')
    .limit(200);
  if (status) query = query.where('k.status', '=', status);
  return query.execute();
}

/** Locks a complaint for its answer; undefined when there is none with this id. */
export async function lockComplaint(trx: Trx, id: number) {
  return trx
    .selectFrom('complaints')
    .select(['protocol', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markComplaintAnswered(
  trx: Trx,
  id: number,
  operatorId: number,
  answer: string,
): Promise<void> {
  await trx
    .updateTable('complaints')
    .set({ status: 'answered', answer, answered_by: operatorId, answered_at: new Date() })
    .where('id', '=', id)
    .execute();
}
