import { sql, type Kysely } from 'kysely';

/**
 * The money functions answer records, not jsonb, and run fewer statements (issue 17, PostgreSQL's
 * DICE figure; docs/performance.md, tenth run). Each rule is still written once: the functions
 * below replace their earlier definitions, and only how they hand answers to one another and how
 * many statements they take change.
 *
 * After migration 037 an instant bet cost PostgreSQL 12 % more instructions than before the
 * one-house redesign (valgrind, PostgreSQL 15: 3.20 million a bet against 2.86 at 49d174c) for the
 * same reads and writes; the difference was in how the rules, each now a function, called one
 * another. Now 2.81 million:
 * - answers built as jsonb and read back with `->>` at every step (`ledger_post`'s balances,
 *   `ledger_post_wallet`, `bet_stake_locked`, `bet_pay`, `wager_move`, `session_status`) are records
 *   (OUT parameters) the caller assigns (`v := f(...)`), which PL/pgSQL evaluates as a simple
 *   expression rather than a query; `wallet_lock` was called as a query (`select * into ... from
 *   wallet_lock(...)`) and is assigned too; `ledger_post_wallet` builds its arrays in PL/pgSQL, not
 *   with `array_agg` over `values` (together -170,000 instructions a bet);
 * - `ledger_post` checks the balance in a loop rather than a subquery (-48,000), and reads the
 *   entries' accounts once, in one query: an account missing from its answer is created and the
 *   accounts read again, instead of one `not exists` look-up per entry on every posting (-104,000);
 * - `wallet_lock` takes the cash and then the bonus account by its code, two look-ups instead of one
 *   query aggregating both (-34,000);
 * - `session_touch` answers whether it recorded the activity, so it is assigned rather than called
 *   with `perform` (a query), and the stored answer is turned from jsonb into text once (-31,000).
 *
 * Unchanged: what each function reads, writes and answers (now as columns), the ledger rows and the
 * order of their ids, the lock order (the player's row, the wallet, accounts by id), a replayed key,
 * the errors (TR402, TR409, 'unbalanced ledger transaction', 'no bet % to count') and
 * `play_instant`'s jsonb answer. A function whose answer changes type is dropped and created again;
 * its TypeScript callers read the columns (platform/money/ledger.ts, bet-money.ts, sessions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post(text, text, text, text[], text[], integer[], bigint[])`.execute(db);
  await sql`drop function ledger_post_wallet(text, text, text, integer, bigint, bigint, text)`.execute(db);
  await sql`drop function bet_stake_locked(integer, bigint, bigint, bigint, text, text, text, text)`.execute(
    db,
  );
  await sql`drop function bet_stake(integer, bigint, text, text, text, text)`.execute(db);
  await sql`drop function bet_pay(integer, bigint, bigint, bigint, text, text, text, text)`.execute(db);
  await sql`drop function wager_set(integer, text, text, bigint)`.execute(db);
  await sql`drop function wager_move(integer, bigint)`.execute(db);
  await sql`drop function session_resolve(text, text, timestamptz, bigint, bigint)`.execute(db);
  await sql`drop function session_status(text, text, timestamptz, bigint)`.execute(db);
  await sql`drop function session_touch(integer, timestamptz, bigint)`.execute(db);

  // The one lock order of money: the player's row, then the player's cash and bonus accounts
  // (0 for one never used), each looked up by its code.
  await sql`
    create or replace function wallet_lock(p_user integer, out cash bigint, out bonus bigint)
    language plpgsql as $$
    begin
      perform 1 from users where id = p_user for update;
      select balance into cash from ledger_accounts where code = 'user_cash:' || p_user for update;
      select balance into bonus from ledger_accounts where code = 'user_bonus:' || p_user for update;
      cash := coalesce(cash, 0);
      bonus := coalesce(bonus, 0);
    end $$`.execute(db);

  // One balanced ledger transaction (the rules of migration 009, unchanged). Answers the
  // transaction's id, whether the key had been posted already (then nothing is posted), and the
  // balances after it of the player accounts it changed: `balances[i]` is `balance_codes[i]`'s.
  await sql`
    create function ledger_post(
      p_key text, p_kind text, p_reference text,
      p_codes text[], p_kinds text[], p_users integer[], p_amounts bigint[],
      out tx_id bigint, out replayed boolean, out balance_codes text[], out balances bigint[]
    ) language plpgsql as $$
    declare
      v_n integer := coalesce(array_length(p_codes, 1), 0);
      v_sum numeric;
      v_amount bigint;
      v_entry record;
      v_found integer;
      v_ids integer[];
      v_codes text[];
      v_tracks boolean[];
      v_amounts bigint[];
      v_balance bigint;
      v_version bigint;
      v_at integer;
    begin
      -- The entries sum to zero (a null amount counts nothing, as in sum()).
      foreach v_amount in array coalesce(p_amounts, '{}') loop
        if v_amount is not null then
          v_sum := coalesce(v_sum, 0) + v_amount;
        end if;
      end loop;
      if v_n < 2 or v_sum <> 0 or v_n <> array_length(p_amounts, 1) then
        raise exception 'unbalanced ledger transaction %', p_kind;
      end if;
      balance_codes := '{}';
      balances := '{}';
      insert into ledger_transactions (idempotency_key, kind, reference)
        values (p_key, p_kind, p_reference)
        on conflict (idempotency_key) do nothing
        returning id into tx_id;
      replayed := tx_id is null;
      if replayed then
        select id into tx_id from ledger_transactions where idempotency_key = p_key;
        return;
      end if;
      -- The entries' accounts in id order (the order their balances are locked in); an account
      -- is created on its first posting, then read again.
      for v_attempt in 1 .. 2 loop
        v_found := 0;
        v_ids := '{}';
        v_codes := '{}';
        v_tracks := '{}';
        v_amounts := '{}';
        for v_entry in
          select a.id, a.code, a.tracks_balance, e.amount
            from unnest(p_codes, p_amounts) as e(code, amount)
            join ledger_accounts a on a.code = e.code
           order by a.id
        loop
          v_found := v_found + 1;
          v_ids := v_ids || v_entry.id;
          v_codes := v_codes || v_entry.code;
          v_tracks := v_tracks || v_entry.tracks_balance;
          v_amounts := v_amounts || v_entry.amount;
        end loop;
        exit when v_found = v_n or v_attempt = 2;
        for i in 1 .. v_n loop
          if not exists (select 1 from ledger_accounts where code = p_codes[i]) then
            insert into ledger_accounts (code, kind, user_id, tracks_balance)
              values (p_codes[i], p_kinds[i], p_users[i], p_users[i] is not null)
              on conflict (code) do nothing;
          end if;
        end loop;
      end loop;
      for i in 1 .. v_found loop
        v_balance := null;
        v_version := null;
        if v_tracks[i] then
          update ledger_accounts
             set balance = balance + v_amounts[i], version = version + 1
           where id = v_ids[i] and balance + v_amounts[i] >= 0
          returning balance, version into v_balance, v_version;
          if not found then
            raise exception 'insufficient funds on %', v_codes[i] using errcode = 'TR402';
          end if;
          -- An account posted twice answers its last balance.
          v_at := array_position(balance_codes, v_codes[i]);
          if v_at is null then
            balance_codes := balance_codes || v_codes[i];
            balances := balances || v_balance;
          else
            balances[v_at] := v_balance;
          end if;
        end if;
        insert into ledger_postings (transaction_id, account_id, amount, balance_after, account_version)
          values (tx_id, v_ids[i], v_amounts[i], v_balance, v_version);
      end loop;
    end $$`.execute(db);

  // A posting between a player's cash and bonus and a house account (zero entries left out).
  // Answers the player's cash and bonus after it, null for a wallet it left alone (or a replay).
  await sql`
    create function ledger_post_wallet(
      p_key text, p_kind text, p_reference text, p_user integer,
      p_cash bigint, p_bonus bigint, p_house text,
      out cash bigint, out bonus bigint
    ) language plpgsql as $$
    declare
      v_cash_code text := 'user_cash:' || p_user;
      v_bonus_code text := 'user_bonus:' || p_user;
      v_codes text[] := '{}';
      v_kinds text[] := '{}';
      v_users integer[] := '{}';
      v_amounts bigint[] := '{}';
      v_posted record;
    begin
      if p_cash <> 0 then
        v_codes := v_codes || v_cash_code;
        v_kinds := v_kinds || 'user_cash'::text;
        v_users := v_users || p_user;
        v_amounts := v_amounts || p_cash;
      end if;
      if p_bonus <> 0 then
        v_codes := v_codes || v_bonus_code;
        v_kinds := v_kinds || 'user_bonus'::text;
        v_users := v_users || p_user;
        v_amounts := v_amounts || p_bonus;
      end if;
      if p_cash + p_bonus <> 0 then
        v_codes := v_codes || p_house;
        v_kinds := v_kinds || p_house;
        v_users := v_users || null::integer;
        v_amounts := v_amounts || -(p_cash + p_bonus);
      end if;
      v_posted := ledger_post(p_key, p_kind, p_reference, v_codes, v_kinds, v_users, v_amounts);
      cash := v_posted.balances[array_position(v_posted.balance_codes, v_cash_code)];
      bonus := v_posted.balances[array_position(v_posted.balance_codes, v_bonus_code)];
    end $$`.execute(db);

  // A stake on a wallet its caller has locked (wallet_lock): cash first, then bonus, to the house.
  // Answers insufficient without writing, else ok with the bonus part and the balances after.
  await sql`
    create function bet_stake_locked(
      p_user integer, p_cash bigint, p_bonus bigint, p_amount bigint,
      p_key text, p_kind text, p_reference text, p_house text,
      out status text, out bonus_part bigint, out cash bigint, out bonus bigint
    ) language plpgsql as $$
    declare
      v_cash_part bigint;
      v_posted record;
    begin
      if p_cash + p_bonus < p_amount then
        status := 'insufficient';
        return;
      end if;
      v_cash_part := least(p_cash, p_amount);
      v_posted := ledger_post_wallet(p_key, p_kind, p_reference, p_user,
        -v_cash_part, -(p_amount - v_cash_part), p_house);
      status := 'ok';
      bonus_part := p_amount - v_cash_part;
      cash := coalesce(v_posted.cash, p_cash);
      bonus := coalesce(v_posted.bonus, p_bonus);
    end $$`.execute(db);

  // A stake with its lock (the other paths' call): the wallet locked, the stake, and the player's
  // figures an announcement shows.
  await sql`
    create function bet_stake(
      p_user integer, p_amount bigint, p_key text, p_kind text, p_reference text, p_house text,
      out status text, out bonus_part bigint, out cash bigint, out bonus bigint,
      out username text, out wagered_cents bigint, out turnover_required_cents bigint
    ) language plpgsql as $$
    declare
      v_wallet record;
      v_staked record;
    begin
      v_wallet := wallet_lock(p_user);
      v_staked := bet_stake_locked(p_user, v_wallet.cash, v_wallet.bonus, p_amount,
        p_key, p_kind, p_reference, p_house);
      status := v_staked.status;
      if status <> 'ok' then
        return;
      end if;
      bonus_part := v_staked.bonus_part;
      cash := v_staked.cash;
      bonus := v_staked.bonus;
      select u.username, u.wagered_cents, u.turnover_required_cents
        into username, wagered_cents, turnover_required_cents
        from users u where u.id = p_user;
    end $$`.execute(db);

  // A payout: winnings return to the wallets the stake came from, in proportion
  // (payout_bonus_share). Answers the player's cash and bonus after it, null for one it left alone.
  await sql`
    create function bet_pay(
      p_user integer, p_amount bigint, p_stake bigint, p_bonus_part bigint,
      p_key text, p_kind text, p_reference text, p_house text,
      out cash bigint, out bonus bigint
    ) language plpgsql as $$
    declare
      v_bonus_share bigint;
      v_posted record;
    begin
      if p_amount <= 0 then
        return;
      end if;
      v_bonus_share := payout_bonus_share(p_amount, p_stake, p_bonus_part);
      v_posted := ledger_post_wallet(p_key, p_kind, p_reference, p_user,
        p_amount - v_bonus_share, v_bonus_share, p_house);
      cash := v_posted.cash;
      bonus := v_posted.bonus;
    end $$`.execute(db);

  // A player's wagering total moved by p_delta, answering what the announcements show.
  await sql`
    create function wager_move(
      p_user integer, p_delta bigint,
      out level integer, out wagered_cents bigint, out turnover_required_cents bigint, out username text
    ) language plpgsql as $$
    begin
      update users u set wagered_cents = u.wagered_cents + p_delta where u.id = p_user
        returning u.level, u.wagered_cents, u.turnover_required_cents, u.username
        into level, wagered_cents, turnover_required_cents, username;
    end $$`.execute(db);

  // What a bet counts toward wagering, set to p_target (its row locked by the caller, the player's
  // row taken here unless already held): the player's total moves by the difference.
  await sql`
    create function wager_set(
      p_user integer, p_book text, p_bet text, p_target bigint,
      out changed boolean, out level integer, out wagered_cents bigint,
      out turnover_required_cents bigint, out username text
    ) language plpgsql as $$
    declare
      v_old bigint;
      v_counted record;
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
      v_counted := wager_move(p_user, p_target - v_old);
      changed := p_target <> v_old;
      level := v_counted.level;
      wagered_cents := v_counted.wagered_cents;
      turnover_required_cents := v_counted.turnover_required_cents;
      username := v_counted.username;
    end $$`.execute(db);

  // A session token's state: none, kind, expired, or ok with its ids. Only reads.
  await sql`
    create function session_status(
      p_token_hash text, p_kind text, p_now timestamptz, p_idle_ms bigint,
      out status text, out session_id integer, out subject_id integer
    ) language plpgsql stable as $$
    declare
      v record;
    begin
      select s.id, s.kind, s.subject_id, s.last_seen_at, s.expires_at, s.revoked_at into v
        from sessions s where s.token_hash = p_token_hash;
      if not found or v.revoked_at is not null then
        status := 'none';
      elsif v.kind <> p_kind then
        status := 'kind';
      elsif v.expires_at <= p_now or v.last_seen_at + p_idle_ms * interval '1 millisecond' <= p_now then
        status := 'expired';
      else
        status := 'ok';
        session_id := v.id;
        subject_id := v.subject_id;
      end if;
    end $$`.execute(db);

  // Activity recorded at most once per p_touch_ms, so reads do not become a write each. Answers
  // whether it recorded it now.
  await sql`
    create function session_touch(p_session integer, p_now timestamptz, p_touch_ms bigint)
    returns boolean language plpgsql as $$
    begin
      update sessions set last_seen_at = p_now
       where id = p_session and last_seen_at < p_now - p_touch_ms * interval '1 millisecond';
      return found;
    end $$`.execute(db);

  // A request's session in one round trip: its state, touched when it is live.
  await sql`
    create function session_resolve(
      p_token_hash text, p_kind text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
      out status text, out session_id integer, out subject_id integer
    ) language plpgsql as $$
    declare
      v_session record;
      v_touched boolean;
    begin
      v_session := session_status(p_token_hash, p_kind, p_now, p_idle_ms);
      status := v_session.status;
      session_id := v_session.session_id;
      subject_id := v_session.subject_id;
      if status = 'ok' then
        v_touched := session_touch(session_id, p_now, p_touch_ms);
      end if;
    end $$`.execute(db);

  // An instant bet in one call (migrations 021 and 037): the same steps, reading records.
  await sql`
    create or replace function play_instant(p instant_bet) returns jsonb language plpgsql as $$
    declare
      v_session record;
      v_settings record;
      v_seeds record;
      v_left bigint;
      v_wallet record;
      v_staked record;
      v_paid record;
      v_counted record;
      v_cash bigint;
      v_body text;
      v_touched boolean;
    begin
      -- The session, read here and touched at the end (after the player's row: a revocation
      -- holds the player's row before it updates the sessions).
      v_session := session_status(p.token_hash, 'player', p.now, p.idle_ms);
      if v_session.status <> 'ok' or v_session.subject_id <> p.user_id then
        -- The state as session_status reports it: its status, and the ids when it is live.
        return jsonb_build_object('status', 'session', 'session', jsonb_strip_nulls(to_jsonb(v_session)));
      end if;
      -- The lock order of money, once: the player's row, then the wallet (wallet_lock).
      v_wallet := wallet_lock(p.user_id);

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

      v_staked := bet_stake_locked(p.user_id, v_wallet.cash, v_wallet.bonus, p.amount,
        'stake:' || p.bet_id, 'bet_stake', p.bet_id, 'house_game');
      if v_staked.status = 'insufficient' then
        return jsonb_build_object('status', 'insufficient');
      end if;
      update player_seeds set nonce = nonce + 1 where user_id = p.user_id;
      v_paid := bet_pay(p.user_id, p.payout, p.amount, v_staked.bonus_part,
        'payout:' || p.bet_id, 'bet_payout', p.bet_id, 'house_game');

      -- Settled as played at once: the row counts its stake, and the total moves by it.
      insert into bets (id, user_id, game, amount_cents, bonus_cents, payout_cents, multiplier, status,
                        params, outcome, server_seed_hash, client_seed, nonce, created_at, settled_at,
                        wager_cents)
        values (p.bet_id, p.user_id, p.game, p.amount, v_staked.bonus_part, p.payout,
                p.multiplier, 'settled', p.params, p.outcome, p.server_seed_hash, p.client_seed,
                p.nonce, p.now, p.now, p.amount);
      v_counted := wager_move(p.user_id, p.amount);

      -- The answer, with the cash balance after the bet, is stored with the key in this same
      -- transaction (platform/idempotency.ts).
      v_cash := coalesce(v_paid.cash, v_staked.cash);
      v_body := jsonb_set(p.body, '{data,balance}', to_jsonb(trim_scale(v_cash::numeric / 100)))::text;
      insert into idempotency_keys (user_id, key, request_hash, response_code, response_body)
        values (p.user_id, p.idempotency_key, p.request_hash, 200, v_body)
        on conflict (user_id, key) do nothing;
      if not found then
        raise exception 'idempotency key % already used', p.idempotency_key using errcode = 'TR409';
      end if;
      v_touched := session_touch(v_session.session_id, p.now, p.touch_ms);

      return jsonb_build_object('status', 'ok', 'body', v_body, 'cash', v_cash,
        'bonus', coalesce(v_paid.bonus, v_staked.bonus),
        'level', v_counted.level, 'wagered_cents', v_counted.wagered_cents,
        'turnover_required_cents', v_counted.turnover_required_cents,
        'username', v_counted.username);
    end $$`.execute(db);
}
