import { sql, type Kysely } from 'kysely';

/**
 * Failed logins per account, counted so that concurrent attempts cannot outrun the count (trust
 * issue, "Counters are atomic"). The throttle read the failures of the last hour, then the caller
 * verified the password and added a failure: a burst of concurrent guesses all read "fewer than
 * five" and were all judged. Now one row per account is locked while an attempt is spent, and the
 * attempt counts as a failure until the password proves right (which clears the row): the sixth of
 * a burst already has to wait.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_throttle (
      username text primary key,
      failures integer not null default 0,
      first_at timestamptz,
      last_at timestamptz
    )`.execute(db);
  await sql`
    insert into login_throttle (username, failures, first_at, last_at)
      select username, count(*), min(at), max(at) from login_failures
       where at > now() - interval '1 hour' group by username`.execute(db);
  await sql`drop table login_failures`.execute(db);

  // Spends one attempt of `p_username`, or says how long to wait. Failures older than an hour are
  // forgotten; from the `p_free`-th failure each attempt waits 2^(n − p_free) s (at most
  // `p_max_delay_s`) after the last one; at most `p_per_hour` an hour.
  await sql`
    create function login_attempt_spend(
      p_username text, p_now timestamptz, p_free integer, p_max_delay_s integer, p_per_hour integer
    ) returns jsonb language plpgsql as $$
    declare
      r record;
      v_wait numeric;
    begin
      insert into login_throttle (username) values (p_username) on conflict (username) do nothing;
      select failures, first_at, last_at into r from login_throttle where username = p_username for update;
      if r.first_at is not null and r.first_at <= p_now - interval '1 hour' then
        r.failures := 0;
        r.first_at := null;
      end if;
      if r.failures >= p_per_hour then
        return jsonb_build_object('status', 'wait',
          'seconds', greatest(1, ceil(extract(epoch from r.first_at + interval '1 hour' - p_now))));
      end if;
      if r.failures >= p_free then
        v_wait := extract(epoch from r.last_at - p_now)
                  + least(power(2, r.failures - p_free), p_max_delay_s);
        if v_wait > 0 then
          return jsonb_build_object('status', 'wait', 'seconds', ceil(v_wait));
        end if;
      end if;
      update login_throttle
         set failures = r.failures + 1, first_at = coalesce(r.first_at, p_now), last_at = p_now
       where username = p_username;
      return jsonb_build_object('status', 'ok');
    end $$`.execute(db);
}
