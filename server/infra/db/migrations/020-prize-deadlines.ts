import { sql, type Kysely } from 'kysely';

/**
 * Prize deadlines (issue 9; Portaria SPA/MF 615/2024: a prize is paid or credited within 120
 * minutes of the end of its event). The deadline needs the end of the event, which nothing kept:
 * `sports_fixture_ends` holds the moment a fixture's result first became final — the end of the
 * event as Trevo learns it, from the feed or an operator — written by a trigger, so no writer of
 * `sports_fixtures` can forget it and no code of the sportsbook had to change. It is never updated
 * or deleted: it starts the legal clock.
 *
 * `prize_deadlines` holds each sports bet the monitor (server/modules/protection/prize-deadline.ts)
 * found unsettled after every event it depends on ended: its due time, how far the escalation went
 * and, once the due time passed, the breach. Rows are kept forever and the guard below refuses to
 * delete one or to rewrite its due time or breach, so a breach can be reported and audited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sports_fixture_ends')
    .addColumn('fixture_id', 'text', (c) => c.primaryKey().references('sports_fixtures.id'))
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create function record_fixture_end() returns trigger language plpgsql as $$
    begin
      insert into sports_fixture_ends (fixture_id, ended_at) values (new.id, now())
        on conflict (fixture_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger sports_fixtures_end_on_insert after insert on sports_fixtures
    for each row when (new.result_final) execute function record_fixture_end()`.execute(db);
  await sql`create trigger sports_fixtures_end_on_update after update of result_final on sports_fixtures
    for each row when (new.result_final and not old.result_final) execute function record_fixture_end()`.execute(
    db,
  );
  await sql`create trigger sports_fixture_ends_append_only before update or delete on sports_fixture_ends
    for each row execute function ledger_append_only()`.execute(db);
  // Fixtures that ended before this migration: their last change is the closest known end.
  await sql`insert into sports_fixture_ends (fixture_id, ended_at)
    select id, updated_at from sports_fixtures where result_final`.execute(db);

  // Bets held for review are few; the monitor reads them every pass.
  await sql`create index sports_bets_held on sports_bets (id) where state = 'exception'`.execute(db);

  await db.schema
    .createTable('prize_deadlines')
    .addColumn('bet_id', 'text', (c) => c.primaryKey().references('sports_bets.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The fixture whose end came last: the bet's prize was due from then.
    .addColumn('fixture_id', 'text', (c) => c.notNull().references('sports_fixtures.id'))
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('found_at', 'timestamptz', (c) => c.notNull())
    // open (settlement has not reached it), pending (live decision) or exception (held for review).
    .addColumn('found_state', 'text', (c) => c.notNull())
    // 0 found, 1 warned (an hour left), 2 urgent (15 minutes left), 3 breached (due time passed).
    .addColumn('stage', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stage between 0 and 3`),
    )
    .addColumn('breached_at', 'timestamptz')
    // When the bet left the waiting list, and how (its state and result code then).
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolution', 'text')
    .execute();
  await sql`create index prize_deadlines_waiting on prize_deadlines (due_at) where resolved_at is null`.execute(
    db,
  );
  await sql`create index prize_deadlines_breached on prize_deadlines (breached_at) where breached_at is not null`.execute(
    db,
  );
  await sql`
    create function prize_deadline_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'prize deadlines are kept';
      end if;
      if new.bet_id <> old.bet_id or new.due_at <> old.due_at or new.ended_at <> old.ended_at
         or new.stage < old.stage
         or (old.breached_at is not null and new.breached_at is distinct from old.breached_at) then
        raise exception 'a prize deadline and its breach are never rewritten';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger prize_deadlines_guard before update or delete on prize_deadlines
    for each row execute function prize_deadline_guard()`.execute(db);
}
