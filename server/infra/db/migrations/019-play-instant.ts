import { sql, type Kysely } from 'kysely';

/**
 * One database call per instant bet (DICE, LIMBO, ROWDOUBLE), and the loss-limit rule written once.
 *
 * Why: on these machines every round trip to the database is a syscall-heavy loopback exchange, and
 * on PGlite a trip through the WASM boundary; an instant bet used ~10 of them (BEGIN, limits, locks,
 * claim, two postings, bet row, idempotency record, COMMIT) and that, not the game code, set the
 * throughput (docs/performance.md). The outcome is still computed in TypeScript (`domain/fairness`,
 * shared with the browser's verifier): the server computes it from the seed pair and nonce it holds
 * in memory, and `play_instant` checks under the player's row lock that they, and the game's
 * settings, are still current. When anything moved (a rotation, a bet through another instance, an
 * operator's change) it answers `stale` with the current values and changes nothing; the caller
 * recomputes and calls again.
 *
 * The request's session is checked in the same call (`session_status`, the rule `resolveSession`
 * uses for every request), so a bet is one round trip in all.
 *
 * Statuses: `ok`, `session` (not a live session of this player), `stale` (with seeds and
 * settings), `no_seeds` (first bet: create the pair), `insufficient` (402 / 9999), `loss_limit`
 * (with what is left). Only `ok` writes. A twin of the
 * same idempotency key raises SQLSTATE TR409 after blocking on the key's row, which rolls the whole
 * bet back; the caller then replays the stored answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The functions a bet calls are PL/pgSQL, whose plans are cached per connection: a SQL-language
  // function that cannot be inlined is planned again on every call (~50 µs each, measured with
  // pg_stat_statements), several times the statement it wraps.

  // Net loss per player and hour (stakes minus payouts of casino and sports bets by the hour they
  // were placed), kept by triggers whatever code writes the bets: a loss-limit check sums at most
  // 720 hours instead of every bet of the window, which grew with an active player's day.
  await sql`
    create table player_loss_hours (
      user_id integer not null,
      hour timestamptz not null,
      cents bigint not null,
      primary key (user_id, hour)
    )`.execute(db);
  await sql`
    create function player_loss_add(p_user integer, p_at timestamptz, p_cents bigint)
    returns void language plpgsql as $$
    begin
      insert into player_loss_hours (user_id, hour, cents)
        values (p_user, date_bin('1 hour', p_at, timestamptz 'epoch'), p_cents)
        on conflict (user_id, hour) do update set cents = player_loss_hours.cents + excluded.cents;
    end
    $$`.execute(db);
  for (const [table, stake, at] of [
    ['bets', 'amount_cents', 'created_at'],
    ['sports_bets', 'stake_cents', 'placed_at'],
  ] as const) {
    await sql`
      create function ${sql.raw(`${table}_loss_hours`)}() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform player_loss_add(old.user_id, old.${sql.raw(at)}, -(old.${sql.raw(stake)} - old.payout_cents));
        end if;
        if tg_op <> 'DELETE' then
          perform player_loss_add(new.user_id, new.${sql.raw(at)}, new.${sql.raw(stake)} - new.payout_cents);
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_loss_hours`)}
        after insert or delete or update of user_id, ${sql.raw(stake)}, payout_cents, ${sql.raw(at)}
        on ${sql.raw(table)} for each row execute function ${sql.raw(`${table}_loss_hours`)}()`.execute(db);
    await sql`
      insert into player_loss_hours (user_id, hour, cents)
        select user_id, date_bin('1 hour', ${sql.raw(at)}, timestamptz 'epoch'),
               sum(${sql.raw(stake)} - payout_cents)
          from ${sql.raw(table)} group by 1, 2
        on conflict (user_id, hour) do update set cents = player_loss_hours.cents + excluded.cents`.execute(
      db,
    );
  }

  // Net loss since a moment: the whole hours from the buckets, the part of the first hour exactly
  // from the bets themselves (open stakes count whole).
  await sql`
    create function player_lost_cents(p_user integer, p_since timestamptz) returns bigint
    language plpgsql stable as $$
    declare
      v_edge timestamptz := date_bin('1 hour', p_since, timestamptz 'epoch') + interval '1 hour';
    begin
      return greatest(0,
        coalesce((select sum(cents) from player_loss_hours
                   where user_id = p_user and hour >= v_edge), 0)
        + coalesce((select sum(amount_cents - payout_cents) from bets
                     where user_id = p_user and created_at >= p_since and created_at < v_edge), 0)
        + coalesce((select sum(stake_cents - payout_cents) from sports_bets
                     where user_id = p_user and placed_at >= p_since and placed_at < v_edge), 0))::bigint;
    end
    $$`.execute(db);

  // The loss-limit rule of player protection (protection.service.ts): a stake is refused when the
  // window's net loss plus the whole stake would pass a limit. Rolling windows of 24 h, 7 and 30
  // days (WINDOW_MS there); a raise or removal whose 24 h have passed already counts. Answers null
  // when the stake is allowed, else the centavos still allowed in the first limit it would pass.
  await sql`
    create function loss_limit_left(p_user integer, p_amount bigint, p_now timestamptz) returns bigint
    language plpgsql stable as $$
    declare
      r record;
      v_limit bigint;
      v_lost bigint;
    begin
      for r in select period, amount, pending_amount, pending_from from player_limits
                where user_id = p_user and kind = 'loss' order by period loop
        if r.pending_from is not null and r.pending_from <= p_now then
          continue when r.pending_amount is null;
          v_limit := r.pending_amount;
        else
          v_limit := r.amount;
        end if;
        v_lost := player_lost_cents(p_user, p_now - case r.period
          when 'day' then interval '24 hours' when 'week' then interval '7 days' else interval '30 days' end);
        if v_lost + p_amount > v_limit then
          return greatest(0, v_limit - v_lost);
        end if;
      end loop;
      return null;
    end $$`.execute(db);

  // A session token's state (session.service.ts resolveSession): `none` for unknown or revoked,
  // `kind` for another kind's token, `expired` past its absolute limit or idle too long, else `ok`
  // with the session and subject ids. Only reads.
  await sql`
    create function session_status(p_token_hash text, p_kind text, p_now timestamptz, p_idle_ms bigint)
    returns jsonb language plpgsql stable as $$
    declare
      v record;
    begin
      select id, kind, subject_id, last_seen_at, expires_at, revoked_at into v
        from sessions where token_hash = p_token_hash;
      if not found or v.revoked_at is not null then
        return jsonb_build_object('status', 'none');
      end if;
      if v.kind <> p_kind then
        return jsonb_build_object('status', 'kind');
      end if;
      if v.expires_at <= p_now or v.last_seen_at + p_idle_ms * interval '1 millisecond' <= p_now then
        return jsonb_build_object('status', 'expired');
      end if;
      return jsonb_build_object('status', 'ok', 'session_id', v.id, 'subject_id', v.subject_id);
    end $$`.execute(db);

  // Records activity on a session at most once per p_touch_ms, so reads do not become a write each.
  await sql`
    create function session_touch(p_session integer, p_now timestamptz, p_touch_ms bigint)
    returns void language plpgsql as $$
    begin
      update sessions set last_seen_at = p_now
       where id = p_session and last_seen_at < p_now - p_touch_ms * interval '1 millisecond';
    end
    $$`.execute(db);

  // A request's session in one round trip: its state, touched when it is live.
  await sql`
    create function session_resolve(
      p_token_hash text, p_kind text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint
    ) returns jsonb language plpgsql as $$
    declare
      v_session jsonb := session_status(p_token_hash, p_kind, p_now, p_idle_ms);
    begin
      if v_session->>'status' = 'ok' then
        perform session_touch((v_session->>'session_id')::integer, p_now, p_touch_ms);
      end if;
      return v_session;
    end $$`.execute(db);

  // A posting between a player's cash and bonus and the house's game account, zero entries left
  // out as ledger.ts post() leaves them out.
  await sql`
    create function ledger_post_entries(
      p_key text, p_kind text, p_reference text, p_user integer,
      p_cash bigint, p_bonus bigint, p_house bigint
    ) returns jsonb language plpgsql as $$
    declare
      v_codes text[];
      v_kinds text[];
      v_users integer[];
      v_amounts bigint[];
    begin
      select array_agg(code order by ord), array_agg(kind order by ord),
             array_agg(owner order by ord), array_agg(amount order by ord)
        into v_codes, v_kinds, v_users, v_amounts
        from (values (1, 'user_cash:' || p_user, 'user_cash', p_user, p_cash),
                     (2, 'user_bonus:' || p_user, 'user_bonus', p_user, p_bonus),
                     (3, 'house_game', 'house_game', null::integer, p_house)) as e(ord, code, kind, owner, amount)
       where amount <> 0;
      return ledger_post(p_key, p_kind, p_reference, v_codes, v_kinds, v_users, v_amounts);
    end $$`.execute(db);

  await sql`
    create function play_instant(
      p_user integer, p_game text, p_amount bigint,
      p_server_seed_hash text, p_client_seed text, p_nonce integer,
      p_stop boolean, p_min_bet bigint, p_max_bet bigint, p_max_payout bigint, p_edge numeric,
      p_bet_id text, p_payout bigint, p_multiplier numeric, p_params text, p_outcome text,
      p_idempotency_key text, p_request_hash text, p_body text, p_now timestamptz,
      p_token_hash text, p_idle_ms bigint, p_touch_ms bigint
    ) returns jsonb language plpgsql as $$
    declare
      v_session jsonb;
      v_user record;
      v_settings record;
      v_seeds record;
      v_cash_code text := 'user_cash:' || p_user;
      v_bonus_code text := 'user_bonus:' || p_user;
      v_cash bigint;
      v_bonus bigint;
      v_cash_part bigint;
      v_bonus_part bigint;
      v_bonus_share bigint;
      v_left bigint;
      v_posted jsonb;
      v_body text;
    begin
      -- The request's session, read here and touched at the end (after the player's row: a
      -- revocation holds the player's row before it updates the sessions).
      v_session := session_status(p_token_hash, 'player', p_now, p_idle_ms);
      if v_session->>'status' <> 'ok' or (v_session->>'subject_id')::integer <> p_user then
        return jsonb_build_object('status', 'session', 'session', v_session);
      end if;

      -- The one lock order of money (bet-money.ts lockWallet): the player's row, then the accounts.
      select level, wagered_cents, turnover_required_cents, username into v_user
        from users where id = p_user for update;

      select stop, min_bet_cents, max_bet_cents, max_payout_cents, edge into v_settings
        from game_settings where game = p_game;
      select server_seed, server_seed_hash, client_seed, nonce into v_seeds
        from player_seeds where user_id = p_user for update;
      if not found then
        return jsonb_build_object('status', 'no_seeds');
      end if;
      if v_seeds.server_seed_hash <> p_server_seed_hash or v_seeds.client_seed <> p_client_seed
         or v_seeds.nonce <> p_nonce or v_settings.stop <> p_stop
         or v_settings.min_bet_cents <> p_min_bet or v_settings.max_bet_cents <> p_max_bet
         or v_settings.max_payout_cents <> p_max_payout or v_settings.edge <> p_edge then
        return jsonb_build_object('status', 'stale',
          'seeds', jsonb_build_object('server_seed', v_seeds.server_seed,
            'server_seed_hash', v_seeds.server_seed_hash, 'client_seed', v_seeds.client_seed,
            'nonce', v_seeds.nonce),
          'settings', jsonb_build_object('stop', v_settings.stop,
            'min_bet_cents', v_settings.min_bet_cents, 'max_bet_cents', v_settings.max_bet_cents,
            'max_payout_cents', v_settings.max_payout_cents, 'edge', v_settings.edge));
      end if;

      v_left := loss_limit_left(p_user, p_amount, p_now);
      if v_left is not null then
        return jsonb_build_object('status', 'loss_limit', 'left', v_left);
      end if;

      select coalesce(max(balance) filter (where code = v_cash_code), 0),
             coalesce(max(balance) filter (where code = v_bonus_code), 0)
        into v_cash, v_bonus
        from (select code, balance from ledger_accounts
               where code in (v_cash_code, v_bonus_code) for update) wallet;
      if v_cash + v_bonus < p_amount then
        return jsonb_build_object('status', 'insufficient');
      end if;

      update player_seeds set nonce = nonce + 1 where user_id = p_user;
      update users set wagered_cents = wagered_cents + p_amount where id = p_user
        returning level, wagered_cents, turnover_required_cents, username into v_user;

      -- The stake, cash first and then bonus (payments.md), to the house.
      v_cash_part := least(v_cash, p_amount);
      v_bonus_part := p_amount - v_cash_part;
      v_posted := ledger_post_entries('stake:' || p_bet_id, 'bet_stake', p_bet_id, p_user,
        -v_cash_part, -v_bonus_part, p_amount);
      v_cash := coalesce((v_posted->'balances'->>v_cash_code)::bigint, v_cash);
      v_bonus := coalesce((v_posted->'balances'->>v_bonus_code)::bigint, v_bonus);

      -- Winnings return to the wallets the stake came from, in proportion (bet-money.ts creditPayout).
      if p_payout > 0 then
        v_bonus_share := (p_payout * v_bonus_part) / p_amount;
        v_posted := ledger_post_entries('payout:' || p_bet_id, 'bet_payout', p_bet_id, p_user,
          p_payout - v_bonus_share, v_bonus_share, -p_payout);
        v_cash := coalesce((v_posted->'balances'->>v_cash_code)::bigint, v_cash);
        v_bonus := coalesce((v_posted->'balances'->>v_bonus_code)::bigint, v_bonus);
      end if;

      insert into bets (id, user_id, game, amount_cents, bonus_cents, payout_cents, multiplier, status,
                        params, outcome, server_seed_hash, client_seed, nonce, created_at, settled_at)
        values (p_bet_id, p_user, p_game, p_amount, v_bonus_part, p_payout, p_multiplier, 'settled',
                p_params, p_outcome, p_server_seed_hash, p_client_seed, p_nonce, p_now, p_now);

      -- The answer, with the cash balance after the bet where the caller left its marker, is stored
      -- with the key in this same transaction (server/http/idempotency.ts).
      v_body := replace(p_body, '"@@balance@@"', trim_scale(v_cash::numeric / 100)::text);
      insert into idempotency_keys (user_id, key, request_hash, response_code, response_body)
        values (p_user, p_idempotency_key, p_request_hash, 200, v_body)
        on conflict (user_id, key) do nothing;
      if not found then
        raise exception 'idempotency key % already used', p_idempotency_key using errcode = 'TR409';
      end if;
      perform session_touch((v_session->>'session_id')::integer, p_now, p_touch_ms);

      return jsonb_build_object('status', 'ok', 'body', v_body, 'cash', v_cash, 'bonus', v_bonus,
        'level', v_user.level, 'wagered_cents', v_user.wagered_cents,
        'turnover_required_cents', v_user.turnover_required_cents, 'username', v_user.username);
    end $$`.execute(db);
}
