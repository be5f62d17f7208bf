import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BetResult } from '../../../domain/codes';
import { OrderStatus } from '../../../domain/sports/labels';
import { formatDateTime, formatMoney } from '../../lib/format';
import { teamsOfTitle, useMarketNames } from './market-names';
import type { MySportsBet } from '../../services/sports-api';
import { Cashout } from './cashout';
import { formatCombinedOdds, formatOdds, resultTone, resultWord, type ResultWord } from './sports-format';
import './builder.css';
import './super-odds.css';

/**
 * What a bet's badge says, in the player's language: a cashed-out bet is "cashed out" (never the
 * won/half-lost code the wire uses for it), a bet waiting in its live delay is "awaiting acceptance".
 */
export function betWord(bet: MySportsBet): ResultWord {
  if (bet.state === 'cashed_out') return 'cashedOut';
  if (bet.state === 'pending') return 'pending';
  if (bet.state === 'exception') return 'review';
  return resultWord(bet.result);
}

/** The badge's tone: a cash-out paid the player, so it reads as money in, whatever its code. */
export function betTone(bet: MySportsBet): ReturnType<typeof resultTone> {
  return bet.state === 'cashed_out' ? 'green' : resultTone(bet.result);
}

/** A leg's words: one still open on a cashed-out bet was never decided for this bet. */
function legWord(bet: MySportsBet, result: number): ResultWord {
  if (result === BetResult.placed && bet.state === 'cashed_out') return 'notDecided';
  return resultWord(result);
}

/**
 * The ticket's order status in words (spec: 0 pending, 9999 drawn, 8888 not drawn), or null while
 * it is pending: the badge already says the bet is open, and "Em aberto" beside "Pendente" read as
 * two different states (issue 18).
 */
function orderStatusKey(code: number) {
  if (code === OrderStatus.drawn) return 'sports.bets.order.drawn' as const;
  if (code === OrderStatus.notDrawn) return 'sports.bets.order.notDrawn' as const;
  return null;
}

/** What kind of bet it is, in words: Simples, Múltipla or Criar Aposta. */
function kindKey(bet: MySportsBet) {
  if (bet.kind === 'builder') return 'sports.builder.title' as const;
  return bet.kind === 'parlay' || bet.legs.length > 1
    ? ('sports.slip.multiple' as const)
    : ('sports.slip.single' as const);
}

/** A leg's match, with the score when it was placed in play; a link to the match's page. */
function LegFixture({ leg }: { leg: MySportsBet['legs'][number] }) {
  const { t } = useTranslation();
  return (
    <Link to={`/sports/fixture/${encodeURIComponent(leg.fixtureId)}`} className="bet-leg__fixture">
      {leg.live ? <span className="live-dot">{t('sports.live')}</span> : null} {leg.fixture}
      {leg.scoreAtPlacement
        ? ` (${t('sports.bets.scoreAt', { home: leg.scoreAtPlacement.home, away: leg.scoreAtPlacement.away })})`
        : ''}
    </Link>
  );
}

/**
 * One bet: legs with their results, stake, odds and return, result in words and codes. A Criar
 * Aposta names its match once and lists its selections without prices of their own: it pays its
 * one price, not their product.
 */
export function BetCard({
  bet,
  locale,
  onClosed,
}: {
  bet: MySportsBet;
  locale: string;
  onClosed: (betId: string, amount: number) => void;
}) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const open = bet.state === 'open' || bet.state === 'pending' || bet.state === 'exception';
  const builder = bet.kind === 'builder';
  const order = orderStatusKey(bet.orderStatus);
  return (
    <li
      className={`bet-card${builder ? ' bet-card--builder' : ''}`}
      data-testid="my-bet"
      data-kind={bet.kind}
      data-bet={bet.betId}
      data-result={bet.result}
      data-state={bet.state}
    >
      <header className="bet-card__head">
        <strong data-testid="my-bet-kind">
          {t(kindKey(bet))}
          {bet.boosted ? (
            <span className="badge badge--gold bet-card__boost" data-testid="my-bet-boosted">
              {t('sports.boosts.badge')}
            </span>
          ) : null}
        </strong>
        <span className="bet-card__status">
          <span className={`badge badge--${betTone(bet)}`} data-testid="my-bet-result">
            {t(`sports.result.${betWord(bet)}`)}
          </span>
          {bet.earlyPaid ? (
            <span className="badge badge--green" data-testid="my-bet-early">
              {t('sports.bets.earlyPaid')}
            </span>
          ) : null}
          <small className="bet-card__code" data-testid="my-bet-code">
            {t('sports.codeSmall', { code: bet.result })}
          </small>
        </span>
      </header>
      <small className="bet-card__meta">
        {formatDateTime(bet.placedAt, locale)} · {t('sports.bets.ticket', { id: bet.betId })}
        {order ? ` · ${t(order)}` : null}
      </small>
      {builder && bet.legs[0] ? (
        <div className="bet-card__match" data-testid="my-bet-match">
          <LegFixture leg={bet.legs[0]} />
          <small>{t('sports.builder.legsNote')}</small>
        </div>
      ) : null}
      <ul className="bet-card__legs">
        {bet.legs.map((leg) => (
          <li
            key={`${leg.fixtureId}|${leg.marketId}`}
            className="bet-leg"
            data-testid="my-bet-leg"
            data-result={leg.result}
          >
            <div className="bet-leg__main">
              <strong>{names.outcome(leg.marketId, { id: leg.outcomeId, name: leg.outcome })}</strong>
              <span>
                {names.market(
                  { id: leg.marketId, name: leg.market },
                  leg.sport ?? undefined,
                  teamsOfTitle(leg.fixture),
                )}
              </span>
              {builder ? null : <LegFixture leg={leg} />}
            </div>
            <div className="bet-leg__side">
              {builder ? null : <span className="bet-leg__odds">{formatOdds(leg.odds)}</span>}
              <span
                className={`bet-leg__result bet-leg__result--${resultTone(leg.result)}`}
                data-testid="my-bet-leg-result"
              >
                {t(`sports.result.${legWord(bet, leg.result)}`)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="bet-card__sums">
        <dt>{t('sports.bets.stake')}</dt>
        <dd>{formatMoney(bet.stake)}</dd>
        <dt>
          {builder
            ? t('sports.builder.odds')
            : bet.legs.length > 1
              ? t('sports.slip.combinedOdds')
              : t('sports.bets.odds')}
        </dt>
        <dd data-testid="my-bet-odds">{formatCombinedOdds(bet.combinedOdds)}</dd>
        {open ? (
          <>
            <dt>{t('sports.slip.potentialReturn')}</dt>
            <dd>{formatMoney(bet.potentialReturn)}</dd>
          </>
        ) : bet.state === 'cashed_out' ? null : (
          <>
            <dt>{t('sports.bets.payout')}</dt>
            <dd className="bet-card__payout" data-testid="my-bet-payout">
              {formatMoney(bet.payout)}
            </dd>
          </>
        )}
        {bet.cashedOut > 0 ? (
          <>
            <dt>{t('sports.bets.cashedOutTotal')}</dt>
            <dd>{formatMoney(bet.cashedOut)}</dd>
          </>
        ) : null}
        {open && bet.stakeOpen !== bet.stake ? (
          <>
            <dt>{t('sports.bets.stakeOpen')}</dt>
            <dd>{formatMoney(bet.stakeOpen)}</dd>
          </>
        ) : null}
      </dl>
      {bet.state !== 'open' ? null : bet.boosted ? (
        // A Super Odd has no cash-out (decision 88): said once, not offered as a dead button.
        <div className="cashout" data-testid="cashout">
          <span className="cashout__off" data-testid="cashout-boosted">
            {t('sports.boosts.noCashout')}
          </span>
        </div>
      ) : (
        <Cashout bet={bet} onClosed={onClosed} />
      )}
    </li>
  );
}
