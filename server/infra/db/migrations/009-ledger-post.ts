import { sql, type Kysely } from 'kysely';

/**
 * `ledger_post`: one balanced ledger transaction in one round trip. Posting used to cost a header
 * insert plus an update and an insert per entry from the application; on the embedded database each
 * statement is a trip through the WASM boundary, so the bet path spent most of its time there
 * (docs/performance.md). The rules are unchanged: the idempotency key is unique (a repeat answers
 * `replayed` and posts nothing), entries sum to zero, player rows are locked in id order, and a
 * player balance that would go below zero aborts with SQLSTATE TR402 (the API's 402 / 9999).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post(
      p_key text, p_kind text, p_reference text,
      p_codes text[], p_kinds text[], p_users integer[], p_amounts bigint[]
    ) returns jsonb language plpgsql as $$
    declare
      v_tx bigint;
      v_entry record;
      v_balance bigint;
      v_version bigint;
      v_balances jsonb := '{}'::jsonb;
    begin
      if coalesce(array_length(p_codes, 1), 0) < 2
         or (select sum(a) from unnest(p_amounts) as a) <> 0
         or array_length(p_codes, 1) <> array_length(p_amounts, 1) then
        raise exception 'unbalanced ledger transaction %', p_kind;
      end if;
      insert into ledger_transactions (idempotency_key, kind, reference)
        values (p_key, p_kind, p_reference)
        on conflict (idempotency_key) do nothing
        returning id into v_tx;
      if v_tx is null then
        select id into v_tx from ledger_transactions where idempotency_key = p_key;
        return jsonb_build_object('id', v_tx, 'replayed', true, 'balances', '{}'::jsonb);
      end if;
      for i in 1 .. array_length(p_codes, 1) loop
        if not exists (select 1 from ledger_accounts where code = p_codes[i]) then
          insert into ledger_accounts (code, kind, user_id, tracks_balance)
            values (p_codes[i], p_kinds[i], p_users[i], p_users[i] is not null)
            on conflict (code) do nothing;
        end if;
      end loop;
      for v_entry in
        select a.id, a.code, a.tracks_balance, e.amount
          from unnest(p_codes, p_amounts) as e(code, amount)
          join ledger_accounts a on a.code = e.code
         order by a.id
      loop
        v_balance := null;
        v_version := null;
        if v_entry.tracks_balance then
          update ledger_accounts
             set balance = balance + v_entry.amount, version = version + 1
           where id = v_entry.id and balance + v_entry.amount >= 0
          returning balance, version into v_balance, v_version;
          if not found then
            raise exception 'insufficient funds on %', v_entry.code using errcode = 'TR402';
          end if;
          v_balances := v_balances || jsonb_build_object(v_entry.code, v_balance);
        end if;
        insert into ledger_postings (transaction_id, account_id, amount, balance_after, account_version)
          values (v_tx, v_entry.id, v_entry.amount, v_balance, v_version);
      end loop;
      return jsonb_build_object('id', v_tx, 'replayed', false, 'balances', v_balances);
    end $$`.execute(db);
}
