import { sql, type RawBuilder } from 'kysely';

/**
 * What a new bonus of `cents` of wagering raises `users.bonus_turnover_required_cents` to, in an
 * update of the player's `users` row: `cents` more than what the player has wagered so far, or
 * than the requirement already standing if that is higher. "Wagered so far" includes the stakes
 * still open (sports bets riding or in their live delay, Mines boards, round bets not yet drawn):
 * they count toward wagering only when settled, and a bet made before a bonus must not meet that
 * bonus's requirement (decision 92's red-team review: a gift claimed while a sports bet rode was
 * met by that bet's settlement). A stake refunded at settlement counts nothing then, so it may have
 * raised the requirement without ever counting: the player wagers that much more, never less.
 */
export function bonusRequirementPlus(cents: number): RawBuilder<unknown> {
  return sql`greatest(
    bonus_turnover_required_cents,
    wagered_cents
      + (select coalesce(sum(b.amount_cents), 0) from bets b where b.user_id = users.id and b.status = 'open')
      + (select coalesce(sum(s.stake_cents), 0) from sports_bets s
           where s.user_id = users.id and s.state in ('pending', 'open', 'exception'))
  ) + ${cents}`;
}
