import { sql, type Kysely } from 'kysely';

/**
 * Less work per instant bet on PostgreSQL (issue 17, the bench's PostgreSQL figure). Five
 * alternated runs of `npm run bench` put DICE bets 8 % under the code before the one-house
 * redesign while the trivial call and raw ledger transfers were unchanged; PostgreSQL's CPU per
 * bet was 26 % higher (docs/performance.md, ninth run). Two costs were plain waste:
 * - it inserted the settled bet counting nothing and then called `wager_set`, which read the row
 *   back and updated it to its stake: a second version of every bet row, and a read;
 * - it locked the player's row, and `bet_stake` locked it again through `wallet_lock`, then read
 *   the player's figures for an announcement `play_instant` does not use.
 *
 * The rule stays in one place: `wager_move` is the only statement that moves a player's wagering
 * total, and `wager_set` calls it with the difference. An instant bet is settled as played the
 * moment it is written, so its row is inserted counting its stake (the target `wager_set` would
 * set) and the total moves by that stake. `bet_stake_locked` is the stake's rule on a wallet its
 * caller has locked; `bet_stake` (every other path) is `wallet_lock` followed by it, and
 * `play_instant` takes the lock once, at the start, in the same order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A player's wagering total moved by `p_delta`, answering what the announcements show.
  await sql`
    create function wager_move(p_user integer, p_delta bigint) returns jsonb language plpgsql as $$
    declare
      v_user record;
    begin
      update users set wagered_cents = wagered_cents + p_delta where id = p_user
        returning level, wagered_cents, turnover_required_cents, username into v_user;
      return jsonb_build_object('level', v_user.level, 'wagered_cents', v_user.wagered_cents,
        'turnover_required_cents', v_user.turnover_required_cents, 'username', v_user.username);
    end $$`.execute(db);

  await sql`
    create or replace function wager_set(p_user integer, p_book text, p_bet text, p_target bigint)
    returns jsonb language plpgsql as $$
    declare
      v_old bigint;
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
      return wager_move(p_user, p_target - v_old) || jsonb_build_object('changed', p_target <> v_old);
    end $$`.execute(db);

  // A stake on a wallet its caller has locked (wallet_lock): cash first, then bonus, to the house.
  // Answers insufficient without writing, else the bonus part and the balances after.
  await sql`
    create function bet_stake_locked(
      p_user integer, p_cash bigint, p_bonus bigint, p_amount bigint,
      p_key text, p_kind text, p_reference text, p_house text
    ) returns jsonb language plpgsql as $$
    declare
      v_cash_part bigint;
      v_posted jsonb;
    begin
      if p_cash + p_bonus < p_amount then
        return jsonb_build_object('status', 'insufficient');
      end if;
      v_cash_part := least(p_cash, p_amount);
      v_posted := ledger_post_wallet(p_key, p_kind, p_reference, p_user,
        -v_cash_part, -(p_amount - v_cash_part), p_house);
      return jsonb_build_object('status', 'ok', 'bonus_part', p_amount - v_cash_part,
        'cash', coalesce((v_posted->'balances'->>('user_cash:' || p_user))::bigint, p_cash),
        'bonus', coalesce((v_posted->'balances'->>('user_bonus:' || p_user))::bigint, p_bonus));
    end $$`.execute(db);

  // A stake with its lock (the other paths' call): the wallet locked, the stake, and the player's
  // figures an announcement shows.
  await sql`
    create or replace function bet_stake(
      p_user integer, p_amount bigint, p_key text, p_kind text, p_reference text, p_house text
    ) returns jsonb language plpgsql as $$
    declare
      v_wallet record;
      v_user record;
      v_staked jsonb;
    begin
      select * into v_wallet from wallet_lock(p_user);
      v_staked := bet_stake_locked(p_user, v_wallet.cash, v_wallet.bonus, p_amount,
        p_key, p_kind, p_reference, p_house);
      if v_staked->>'status' <> 'ok' then
        return v_staked;
      end if;
      select username, wagered_cents, turnover_required_cents into v_user from users where id = p_user;
      return v_staked || jsonb_build_object('username', v_user.username,
        'wagered_cents', v_user.wagered_cents, 'turnover_required_cents', v_user.turnover_required_cents);
    end $$`.execute(db);

  await sql`
    create or replace function play_instant(p instant_bet) returns jsonb language plpgsql as $$
    declare
      v_session jsonb;
      v_settings record;
      v_seeds record;
      v_left bigint;
      v_staked jsonb;
      v_paid jsonb;
      v_counted jsonb;
      v_cash bigint;
      v_wallet record;
      v_body jsonb;
    begin
      -- The session, read here and touched at the end (after the player's row: a revocation
      -- holds the player's row before it updates the sessions).
      v_session := session_status(p.token_hash, 'player', p.now, p.idle_ms);
      if v_session->>'status' <> 'ok' or (v_session->>'subject_id')::integer <> p.user_id then
        return jsonb_build_object('status', 'session', 'session', v_session);
      end if;
      -- The lock order of money, once: the player's row, then the wallet (wallet_lock).
      select * into v_wallet from wallet_lock(p.user_id);

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
      if v_staked->>'status' = 'insufficient' then
        return jsonb_build_object('status', 'insufficient');
      end if;
      update player_seeds set nonce = nonce + 1 where user_id = p.user_id;
      v_paid := bet_pay(p.user_id, p.payout, p.amount, (v_staked->>'bonus_part')::bigint,
        'payout:' || p.bet_id, 'bet_payout', p.bet_id, 'house_game');

      -- Settled as played at once: the row counts its stake, and the total moves by it.
      insert into bets (id, user_id, game, amount_cents, bonus_cents, payout_cents, multiplier, status,
                        params, outcome, server_seed_hash, client_seed, nonce, created_at, settled_at,
                        wager_cents)
        values (p.bet_id, p.user_id, p.game, p.amount, (v_staked->>'bonus_part')::bigint, p.payout,
                p.multiplier, 'settled', p.params, p.outcome, p.server_seed_hash, p.client_seed,
                p.nonce, p.now, p.now, p.amount);
      v_counted := wager_move(p.user_id, p.amount);

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
