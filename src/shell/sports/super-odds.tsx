import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n, { bcp47 } from '../../lib/i18n';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { readAmount, refusalOf } from '../../machines/sports/bet-slip.machine';
import { keyAfterFailure, keyForAction, type ActionKey } from '../../services/idempotency';
import { fetchBoosts, placeBoostBet, type SportsBoost } from '../../services/sports-api';
import { useToken } from '../app/session';
import { askToLogIn } from '../app/shell-actions';
import { bumpBets } from './bet-slip-store';
import { teamsOfTitle, useMarketNames } from './market-names';
import { formatKickoff, formatOdds } from './sports-format';
import { QUICK_STAKES } from './stake-fields';
import './super-odds.css';

/** How often the running Super Odds are re-read (a trader may start or end one). */
export const BOOSTS_REFRESH_MS = 30_000;
/** Stakes offered as one tap (BRL), as on the slip; only those within the player's limit. */

/** The running Super Odds, re-read now and then; an empty list while none run or the read failed. */
function useBoosts(): SportsBoost[] {
  const [boosts, setBoosts] = useState<SportsBoost[]>([]);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      fetchBoosts()
        .then((list) => alive && setBoosts(list))
        .catch(() => undefined)
        .finally(() => {
          if (alive) timer = setTimeout(run, BOOSTS_REFRESH_MS);
        });
    };
    run();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);
  return boosts;
}

/**
 * Super Odds (decision 88) at the top of the sportsbook: one card per running boost, taken straight
 * from the card as a single at the boosted price (not through the slip). The server's refusals
 * (limit left, single only) are shown in its words; nothing shows while no boost runs.
 */
export function SuperOdds() {
  const { t } = useTranslation();
  const boosts = useBoosts();
  if (boosts.length === 0) return null;
  return (
    <section className="super-odds" aria-labelledby="super-odds-title" data-testid="super-odds">
      <h2 id="super-odds-title" className="section-title super-odds__title">
        <span aria-hidden="true">⚡</span> {t('sports.boosts.title')}
        <span className="fixture-section__count">{boosts.length}</span>
      </h2>
      <ul className="super-odds__list">
        {boosts.map((b) => (
          <SuperOddCard key={b.id} boost={b} />
        ))}
      </ul>
    </section>
  );
}

type Note = { ok: true; ticket: string } | { ok: false; text: string };

/** One Super Odd: the selection, the book's price struck through, the boosted one, and its own stake. */
function SuperOddCard({ boost }: { boost: SportsBoost }) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const token = useToken();
  const [stakeText, setStakeText] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  // The key of the last attempt whose fate is unknown: the same stake again reuses it.
  const key = useRef<ActionKey | null>(null);
  const kickoff = formatKickoff(boost.startsAt, undefined, bcp47(i18n.language));
  const day =
    kickoff.day === 'today' || kickoff.day === 'tomorrow' ? t(`sports.${kickoff.day}`) : kickoff.day;
  const read = readAmount(stakeText);
  const quick = QUICK_STAKES.filter((v) => v <= boost.maxStake);

  const place = async () => {
    if (!token) {
      askToLogIn();
      return;
    }
    if (!read.ok) {
      setNote({ ok: false, text: t(`sports.slip.problem.${read.problem}`) });
      return;
    }
    const action = keyForAction(key.current, JSON.stringify({ boost: boost.id, cents: read.cents }));
    key.current = action;
    setBusy(true);
    setNote(null);
    try {
      const bet = await placeBoostBet(boost, read.cents / 100, action.key);
      key.current = null;
      setStakeText('');
      setNote({ ok: true, ticket: bet.betId });
      bumpBets();
    } catch (error) {
      key.current = keyAfterFailure(action, error);
      const refusal = refusalOf(error);
      setNote({
        ok: false,
        text: refusal.unknown ? t('sports.slip.timeout') : refusal.message || t('sports.slip.failed'),
      });
      // An unknown fate may be a bet taken: Minhas apostas tells.
      if (refusal.unknown) bumpBets();
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="super-odd" data-testid="super-odd" data-boost={boost.id}>
      <Link
        to={`/sports/fixture/${encodeURIComponent(boost.fixtureId)}`}
        className="super-odd__fixture"
        data-testid="super-odd-fixture"
      >
        <span>{boost.fixture}</span>
        <span className="super-odd__when">
          {day} {kickoff.time}
        </span>
      </Link>
      <div className="super-odd__pick">
        <div className="super-odd__names">
          <strong data-testid="super-odd-outcome">
            {names.outcome(boost.marketId, { id: boost.outcomeId, name: boost.outcome })}
          </strong>
          <span data-testid="super-odd-market">
            {names.market(
              { id: boost.marketId, name: boost.market },
              boost.sport,
              teamsOfTitle(boost.fixture),
            )}
          </span>
        </div>
        <p className="super-odd__prices">
          <span className="visually-hidden">
            {t('sports.boosts.prices', { was: formatOdds(boost.was), odds: formatOdds(boost.odds) })}
          </span>
          <s className="super-odd__was" aria-hidden="true" data-testid="super-odd-was">
            {formatOdds(boost.was)}
          </s>
          <strong className="super-odd__odds" aria-hidden="true" data-testid="super-odd-odds">
            {formatOdds(boost.odds)}
          </strong>
        </p>
      </div>
      <small className="super-odd__limit" data-testid="super-odd-limit">
        {t('sports.boosts.limit', { amount: formatMoney(boost.maxStake) })}
      </small>
      {note?.ok ? (
        <p className="super-odd__done" role="status" data-testid="super-odd-done">
          <strong>{t('sports.boosts.placed')}</strong> {t('sports.slip.ticket', { id: note.ticket })}
        </p>
      ) : null}
      <div className="super-odd__bet">
        <label className="super-odd__stake">
          <span className="visually-hidden">{t('sports.slip.stake')}</span>
          <span aria-hidden="true">R$</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={stakeText}
            disabled={busy}
            onChange={(e) => {
              setStakeText(e.target.value);
              if (note && !note.ok) setNote(null);
            }}
            data-testid="super-odd-stake"
          />
        </label>
        <button
          type="button"
          className="button button--gold button--small super-odd__place"
          onClick={() => void place()}
          disabled={busy}
          aria-busy={busy}
          data-testid="super-odd-place"
        >
          {busy ? t('sports.slip.placing') : t('sports.boosts.place')}
        </button>
      </div>
      {quick.length > 0 ? (
        <div className="super-odd__quick">
          {quick.map((v) => (
            <button
              key={v}
              type="button"
              className="chip"
              aria-pressed={stakeText === `${v},00`}
              disabled={busy}
              onClick={() => setStakeText(`${v},00`)}
            >
              {v}
            </button>
          ))}
        </div>
      ) : null}
      {note && !note.ok ? (
        <p className="slip__problem" role="alert" data-testid="super-odd-problem">
          {note.text}
        </p>
      ) : null}
    </li>
  );
}
