/**
 * Auto-bet of design/games.md ("Play features every game has"): a number of bets or unlimited; on
 * a win and on a loss either back to the base amount or up by X%; stop on a net profit, a net
 * loss, or a single win above a value. Pure functions over centavos, so the stop rules are tested
 * without a machine; every game's machine keeps an `AutoBetRun` in its context.
 */

/** What to do with the amount after a win or a loss. */
export interface AutoBetStep {
  mode: 'reset' | 'increase';
  /** Percent added to the last amount when `mode` is 'increase' (0–1000). */
  percent: number;
}

/** The player's auto-bet settings; money in centavos, null = that stop is off. */
export interface AutoBetConfig {
  /** Number of bets; 0 means unlimited. */
  count: number;
  onWin: AutoBetStep;
  onLoss: AutoBetStep;
  stopProfitCents: number | null;
  stopLossCents: number | null;
  stopSingleWinCents: number | null;
}

/** Why an auto-bet run ended. */
export type AutoBetStop = 'count' | 'profit' | 'loss' | 'singleWin' | 'error' | 'player';

/** A running auto-bet. */
export interface AutoBetRun {
  config: AutoBetConfig;
  /** The amount the run started with (what 'reset' goes back to). */
  baseCents: number;
  /** The amount of the next bet. */
  nextCents: number;
  /** Bets settled so far. */
  played: number;
  /** Net result so far: payouts minus stakes. */
  profitCents: number;
}

/** Settings a new player sees: 10 bets, reset on win and loss, no stops. */
export const DEFAULT_AUTO_BET: AutoBetConfig = {
  count: 10,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
  stopProfitCents: null,
  stopLossCents: null,
  stopSingleWinCents: null,
};

/** A run starting at `baseCents`. */
export function startAutoBet(config: AutoBetConfig, baseCents: number): AutoBetRun {
  return { config, baseCents, nextCents: baseCents, played: 0, profitCents: 0 };
}

/** The amount after `step`: the base again, or the last amount raised by the percentage. */
export function steppedAmount(step: AutoBetStep, lastCents: number, baseCents: number): number {
  if (step.mode === 'reset') return baseCents;
  return Math.max(1, Math.round(lastCents * (1 + step.percent / 100)));
}

/** One settled bet of the run: the stake and the payout (0 when lost), in centavos. */
export interface AutoBetRound {
  stakeCents: number;
  payoutCents: number;
  win: boolean;
}

/** The run after a settled bet, and why it must stop now (null to go on). */
export function afterAutoBetRound(
  run: AutoBetRun,
  round: AutoBetRound,
): { run: AutoBetRun; stop: AutoBetStop | null } {
  const { config } = run;
  const profitCents = run.profitCents + round.payoutCents - round.stakeCents;
  const played = run.played + 1;
  const nextCents = steppedAmount(round.win ? config.onWin : config.onLoss, round.stakeCents, run.baseCents);
  const next: AutoBetRun = { ...run, played, profitCents, nextCents };
  const netWin = round.payoutCents - round.stakeCents;
  let stop: AutoBetStop | null = null;
  if (round.win && config.stopSingleWinCents !== null && netWin >= config.stopSingleWinCents)
    stop = 'singleWin';
  else if (config.stopProfitCents !== null && profitCents >= config.stopProfitCents) stop = 'profit';
  else if (config.stopLossCents !== null && -profitCents >= config.stopLossCents) stop = 'loss';
  else if (config.count > 0 && played >= config.count) stop = 'count';
  return { run: next, stop };
}
