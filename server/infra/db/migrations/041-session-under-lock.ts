import { sql, type Kysely } from 'kysely';

/**
 * An instant bet reads its session under the player's row (`play_instant`, otherwise as in
 * migration 040). It read the session first and then waited for the row, so a bet that had read
 * it live went on once a self-exclusion or an operator's lock, holding the row, had ended the
 * player's sessions: a stake taken after the player was excluded (a burst of dice bets with a
 * cool-off, tests/server/attack-races-protection.test.ts). The same statements, in another order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
      -- The lock order of money, once: the player's row, then the wallet (wallet_lock).
      v_wallet := wallet_lock(p.user_id);
      -- The session, read under the player's row and touched at the end: a lock or an exclusion
      -- ends the sessions holding that row, so one recorded while this bet waited is seen here.
      v_session := session_status(p.token_hash, 'player', p.now, p.idle_ms);
      if v_session.status <> 'ok' or v_session.subject_id <> p.user_id then
        -- The state as session_status reports it: its status, and the ids when it is live.
        return jsonb_build_object('status', 'session', 'session', jsonb_strip_nulls(to_jsonb(v_session)));
      end if;

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
