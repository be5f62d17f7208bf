import { sql, type Kysely } from 'kysely';

/**
 * Each money rule of a bet, once, in the database; and wagering that counts only what was risked.
 *
 * Migration 019 was edited after 020 had landed, so a database that ran its first version kept
 * old functions (and lacks the loss buckets and the session functions). This migration brings
 * every database to one state whatever 019 it ran: the loss buckets are created if missing, and
 * every function a bet calls is (re)defined here. These definitions are the live ones; landed
 * migrations are never edited again (tests/unit/migrations.test.ts).
 *
 * The rules, each written once and called by every path (instant bets inside `play_instant`, Mines,
 * the shared rounds and the sportsbook through platform/money/bet-money.ts):
 * - `wallet_lock`: the one lock order of money, the player's row, then the cash and bonus accounts.
 * - `bet_stake`: a stake is paid cash first, then bonus, to the book's house account.
 * - `bet_pay`: winnings return to the wallets the stake came from, in proportion.
 * - `wager_set`: what a bet risked counts toward turnover, VIP progress and referral commission
 *   once it is settled as played, and only that: a refund (Mines stopped before a gem, a cancelled
 *   round, a void sports bet, a live bet refused in its delay) counts nothing, and a correction
 *   moves the count by the difference. Each bet row keeps what it counted (`wager_cents`), so the
 *   ledger audit checks `users.wagered_cents` against the settled bets.
 * - `play_instant(instant_bet)`: an instant bet in one call, its input one typed record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // What each bet counted toward wagering: the existing bets as the new rule would have counted
  // them (a refund nothing, a half-void single half its stake, a bet not yet settled nothing).
  await sql`alter table bets add column wager_cents bigint not null default 0`.execute(db);
  await sql`alter table sports_bets add column wager_cents bigint not null default 0`.execute(db);
  await sql`
    update bets b set wager_cents = b.amount_cents
     where b.status = 'settled'
       and not exists (select 1 from mines_games m
                        where m.bet_id = b.id and m.status = 'cashed' and m.step = 0)`.execute(db);
  await sql`
    update sports_bets set wager_cents = case
        when state = 'cashed_out' then stake_cents
        when state <> 'settled' or result_code in (0, 90, -10) then 0
        when kind = 'single' and result_code in (11, 21) then stake_cents / 2
        else stake_cents end`.execute(db);
  await sql`
    update users u set wagered_cents =
        coalesce((select sum(wager_cents) from bets where user_id = u.id), 0)
      + coalesce((select sum(wager_cents) from sports_bets where user_id = u.id), 0)`.execute(db);

  // The loss buckets of 019's later versions, for a database that ran its first.
  const hasBuckets = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables where table_name = 'player_loss_hours'`.execute(
    db,
  );
  if (hasBuckets.rows[0]!.n === 0) {
    await sql`
      create table player_loss_hours (
        user_id integer not null,
        hour timestamptz not null,
        cents bigint not null,
        primary key (user_id, hour)
      )`.execute(db);
    for (const [table, stake, at] of [
      ['bets', 'amount_cents', 'created_at'],
      ['sports_bets', 'stake_cents', 'placed_at'],
    ] as const) {
      await sql`
        insert into player_loss_hours (user_id, hour, cents)
          select user_id, date_bin('1 hour', ${sql.raw(at)}, timestamptz 'epoch'),
                 sum(${sql.raw(stake)} - payout_cents)
            from ${sql.raw(table)} group by 1, 2
          on conflict (user_id, hour) do update set cents = player_loss_hours.cents + excluded.cents`.execute(
        db,
      );
    }
  }

  // Whatever 019 defined goes; what a bet calls is defined anew below.
  await sql`drop function if exists play_instant(integer, text, bigint, text, text, integer, boolean,
    bigint, bigint, bigint, numeric, text, bigint, numeric, text, text, text, text, text,
    timestamptz, text, bigint, bigint)`.execute(db);
  await sql`drop function if exists play_instant(integer, text, bigint, text, text, integer, boolean,
    bigint, bigint, bigint, numeric, text, bigint, numeric, text, text, text, text, text,
    timestamptz)`.execute(db);
  await sql`drop function if exists ledger_post_entries(text, text, text, integer, bigint, bigint, bigint)`.execute(
    db,
  );

  // Net loss per player and hour, kept by triggers whatever code writes the bets.
  await sql`
    create or replace function player_loss_add(p_user integer, p_at timestamptz, p_cents bigint)
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
      create or replace function ${sql.raw(`${table}_loss_hours`)}() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform player_loss_add(old.user_id, old.${sql.raw(at)}, -(old.${sql.raw(stake)} - old.payout_cents));
        end if;
        if tg_op <> 'DELETE' then
          perform player_loss_add(new.user_id, new.${sql.raw(at)}, new.${sql.raw(stake)} - new.payout_cents);
        end if;
        return null;
      end $$`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_loss_hours`)} on ${sql.raw(table)}`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_loss_hours`)}
        after insert or delete or update of user_id, ${sql.raw(stake)}, payout_cents, ${sql.raw(at)}
        on ${sql.raw(table)} for each row execute function ${sql.raw(`${table}_loss_hours`)}()`.execute(db);
  }

  // Net loss since a moment: whole hours from the buckets, the first hour's part from the bets.
  await sql`drop function if exists player_lost_cents(integer, timestamptz)`.execute(db);
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

  // The loss-limit rule of player protection: null when the stake is allowed, else what is left.
  await sql`drop function if exists loss_limit_left(integer, bigint, timestamptz)`.execute(db);
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

  // A session token's state: none, kind, expired, or ok with its ids. Only reads.
  await sql`drop function if exists session_resolve(text, text, timestamptz, bigint, bigint)`.execute(db);
  await sql`drop function if exists session_status(text, text, timestamptz, bigint)`.execute(db);
  await sql`drop function if exists session_touch(integer, timestamptz, bigint)`.execute(db);
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
  // Activity recorded at most once per p_touch_ms, so reads do not become a write each.
  await sql`
    create function session_touch(p_session integer, p_now timestamptz, p_touch_ms bigint)
    returns void language plpgsql as $$
    begin
      update sessions set last_seen_at = p_now
       where id = p_session and last_seen_at < p_now - p_touch_ms * interval '1 millisecond';
    end
    $$`.execute(db);
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

  // The one lock order of money: the player's row, then the player's cash and bonus accounts.
  await sql`
    create function wallet_lock(p_user integer, out cash bigint, out bonus bigint)
    language plpgsql as $$
    begin
      perform 1 from users where id = p_user for update;
      select coalesce(max(balance) filter (where code = 'user_cash:' || p_user), 0),
             coalesce(max(balance) filter (where code = 'user_bonus:' || p_user), 0)
        into cash, bonus
        from (select code, balance from ledger_accounts
               where code in ('user_cash:' || p_user, 'user_bonus:' || p_user) for update) wallet;
    end $$`.execute(db);

  // A posting between a player's cash and bonus and a house account (zero entries left out).
  await sql`
    create function ledger_post_wallet(
      p_key text, p_kind text, p_reference text, p_user integer,
      p_cash bigint, p_bonus bigint, p_house text
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
                     (3, p_house, p_house, null::integer, -(p_cash + p_bonus))) as e(ord, code, kind, owner, amount)
       where amount <> 0;
      return ledger_post(p_key, p_kind, p_reference, v_codes, v_kinds, v_users, v_amounts);
    end $$`.execute(db);

  // A stake: cash first, then bonus (payments.md), to the house; the wallet locked first.
  // Answers insufficient without writing, else the bonus part, the balances after and the
  // player's figures an announcement shows.
  await sql`
    create function bet_stake(
      p_user integer, p_amount bigint, p_key text, p_kind text, p_reference text, p_house text
    ) returns jsonb language plpgsql as $$
    declare
      v_wallet record;
      v_user record;
      v_cash_part bigint;
      v_posted jsonb;
    begin
      select * into v_wallet from wallet_lock(p_user);
      if v_wallet.cash + v_wallet.bonus < p_amount then
        return jsonb_build_object('status', 'insufficient');
      end if;
      v_cash_part := least(v_wallet.cash, p_amount);
      v_posted := ledger_post_wallet(p_key, p_kind, p_reference, p_user,
        -v_cash_part, -(p_amount - v_cash_part), p_house);
      select username, wagered_cents, turnover_required_cents into v_user from users where id = p_user;
      return jsonb_build_object('status', 'ok', 'bonus_part', p_amount - v_cash_part,
        'cash', coalesce((v_posted->'balances'->>('user_cash:' || p_user))::bigint, v_wallet.cash),
        'bonus', coalesce((v_posted->'balances'->>('user_bonus:' || p_user))::bigint, v_wallet.bonus),
        'username', v_user.username, 'wagered_cents', v_user.wagered_cents,
        'turnover_required_cents', v_user.turnover_required_cents);
    end $$`.execute(db);

  // A payout: winnings return to the wallets the stake came from, in proportion (the bonus share
  // rounded down). Answers the balances it changed.
  await sql`
    create function bet_pay(
      p_user integer, p_amount bigint, p_stake bigint, p_bonus_part bigint,
      p_key text, p_kind text, p_reference text, p_house text
    ) returns jsonb language plpgsql as $$
    declare
      v_bonus_share bigint;
      v_posted jsonb;
    begin
      if p_amount <= 0 then
        return jsonb_build_object('balances', '{}'::jsonb);
      end if;
      v_bonus_share := (p_amount * p_bonus_part) / p_stake;
      v_posted := ledger_post_wallet(p_key, p_kind, p_reference, p_user,
        p_amount - v_bonus_share, v_bonus_share, p_house);
      return jsonb_build_object('balances', v_posted->'balances');
    end $$`.execute(db);

  // What a bet counts toward wagering, set to `p_target` (its row locked by the caller, the
  // player's row taken here unless already held): the player's total moves by the difference.
  await sql`
    create function wager_set(p_user integer, p_book text, p_bet text, p_target bigint)
    returns jsonb language plpgsql as $$
    declare
      v_old bigint;
      v_user record;
    begin
      if p_book = 'sports' then
        select wager_cents into v_old from sports_bets where id = p_bet;
        update sports_bets set wager_cents = p_target where id = p_bet;
      else
        select wager_cents into v_old from bets where id = p_bet;
        update bets set wager_cents = p_target where id = p_bet;
      end if;
      if v_old is null then
        raise exception 'no bet % to count', p_bet;
      end if;
      update users set wagered_cents = wagered_cents + (p_target - v_old) where id = p_user
        returning level, wagered_cents, turnover_required_cents, username into v_user;
      return jsonb_build_object('changed', p_target <> v_old, 'level', v_user.level,
        'wagered_cents', v_user.wagered_cents,
        'turnover_required_cents', v_user.turnover_required_cents, 'username', v_user.username);
    end $$`.execute(db);

  // An instant bet's input, one typed record (instant.service.ts InstantBetCall).
  await sql`
    create type instant_bet as (
      user_id integer, game text, amount bigint,
      server_seed_hash text, client_seed text, nonce integer,
      stop boolean, min_bet bigint, max_bet bigint, max_payout bigint, edge numeric,
      bet_id text, payout bigint, multiplier numeric, params text, outcome text,
      idempotency_key text, request_hash text, body jsonb, now timestamptz,
      token_hash text, idle_ms bigint, touch_ms bigint
    )`.execute(db);

  // One database call per instant bet: the session, the remembered seed pair and settings, the
  // loss limits and funds are checked under the player's row lock; then the stake, the payout and
  // the wager (the bet is settled as played at once), the bet row and the stored answer. Statuses:
  // ok, session, stale (with the current seeds and settings), no_seeds, insufficient, loss_limit.
  await sql`
    create function play_instant(p instant_bet) returns jsonb language plpgsql as $$
    declare
      v_session jsonb;
      v_settings record;
      v_seeds record;
      v_left bigint;
      v_staked jsonb;
      v_paid jsonb;
      v_counted jsonb;
      v_cash bigint;
      v_body jsonb;
    begin
      -- The session, read here and touched at the end (after the player's row: a revocation
      -- holds the player's row before it updates the sessions).
      v_session := session_status(p.token_hash, 'player', p.now, p.idle_ms);
      if v_session->>'status' <> 'ok' or (v_session->>'subject_id')::integer <> p.user_id then
        return jsonb_build_object('status', 'session', 'session', v_session);
      end if;
      perform 1 from users where id = p.user_id for update;

      select stop, min_bet_cents, max_bet_cents, max_payout_cents, edge into v_settings
        from game_settings where game = p.game;
      select server_seed, server_seed_hash, client_seed, nonce into v_seeds
        from player_seeds where user_id = p.user_id for update;
      if not found then
        return jsonb_build_object('status', 'no_seeds');
      end if;
      if v_seeds.server_seed_hash <> p.server_seed_hash or v_seeds.client_seed <> p.client_seed
         or v_seeds.nonce <> p.nonce or v_settings.stop <> p.stop
         or v_settings.min_bet_cents <> p.min_bet or v_settings.max_bet_cents <> p.max_bet
         or v_settings.max_payout_cents <> p.max_payout or v_settings.edge <> p.edge then
        return jsonb_build_object('status', 'stale',
          'seeds', jsonb_build_object('server_seed', v_seeds.server_seed,
            'server_seed_hash', v_seeds.server_seed_hash, 'client_seed', v_seeds.client_seed,
            'nonce', v_seeds.nonce),
          'settings', jsonb_build_object('stop', v_settings.stop,
            'min_bet_cents', v_settings.min_bet_cents, 'max_bet_cents', v_settings.max_bet_cents,
            'max_payout_cents', v_settings.max_payout_cents, 'edge', v_settings.edge));
      end if;

      v_left := loss_limit_left(p.user_id, p.amount, p.now);
      if v_left is not null then
        return jsonb_build_object('status', 'loss_limit', 'left', v_left);
      end if;

      v_staked := bet_stake(p.user_id, p.amount, 'stake:' || p.bet_id, 'bet_stake', p.bet_id, 'house_game');
      if v_staked->>'status' = 'insufficient' then
        return jsonb_build_object('status', 'insufficient');
      end if;
      update player_seeds set nonce = nonce + 1 where user_id = p.user_id;
      v_paid := bet_pay(p.user_id, p.payout, p.amount, (v_staked->>'bonus_part')::bigint,
        'payout:' || p.bet_id, 'bet_payout', p.bet_id, 'house_game');

      insert into bets (id, user_id, game, amount_cents, bonus_cents, payout_cents, multiplier, status,
                        params, outcome, server_seed_hash, client_seed, nonce, created_at, settled_at)
        values (p.bet_id, p.user_id, p.game, p.amount, (v_staked->>'bonus_part')::bigint, p.payout,
                p.multiplier, 'settled', p.params, p.outcome, p.server_seed_hash, p.client_seed,
                p.nonce, p.now, p.now);
      v_counted := wager_set(p.user_id, 'casino', p.bet_id, p.amount);

      -- The answer, with the cash balance after the bet, is stored with the key in this same
      -- transaction (platform/idempotency.ts).
      v_cash := coalesce((v_paid->'balances'->>('user_cash:' || p.user_id))::bigint,
                         (v_staked->>'cash')::bigint);
      v_body := jsonb_set(p.body, '{data,balance}', to_jsonb(trim_scale(v_cash::numeric / 100)));
      insert into idempotency_keys (user_id, key, request_hash, response_code, response_body)
        values (p.user_id, p.idempotency_key, p.request_hash, 200, v_body::text)
        on conflict (user_id, key) do nothing;
      if not found then
        raise exception 'idempotency key % already used', p.idempotency_key using errcode = 'TR409';
      end if;
      perform session_touch((v_session->>'session_id')::integer, p.now, p.touch_ms);

      return jsonb_build_object('status', 'ok', 'body', v_body::text, 'cash', v_cash,
        'bonus', coalesce((v_paid->'balances'->>('user_bonus:' || p.user_id))::bigint,
                          (v_staked->>'bonus')::bigint),
        'level', v_counted->'level', 'wagered_cents', v_counted->'wagered_cents',
        'turnover_required_cents', v_counted->'turnover_required_cents',
        'username', v_counted->>'username');
    end $$`.execute(db);
}
