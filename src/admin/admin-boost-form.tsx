import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseAmountInput, parseAmountInput } from '../lib/format';
import {
  boostApi,
  canBoost,
  highestBoost,
  oddsProblem,
  oddsText,
  suggestedOdds,
  typedOdds,
  type SportsFixtureDetail,
} from './admin-boosts-api';
import { FixtureFinder } from './admin-boost-finder';
import { errorText } from './admin-login';
import { brl, spDateTime } from './admin-panels';
import { fixtureTitle } from '../../domain/sports/labels';

type Market = SportsFixtureDetail['markets'][number];

/** The key of a selection, as the running boosts are told apart. */
export const selectionKey = (fixtureId: string, marketId: string, outcomeId: string) =>
  `${fixtureId}/${marketId}/${outcomeId}`;

/** The markets a boost can be set on now: open, with a priced selection open. */
const openMarkets = (detail: SportsFixtureDetail | null): Market[] =>
  detail && canBoost(detail)
    ? detail.markets.filter((m) => m.status === 1 && m.outcomes.some((o) => o.active && o.odds !== null))
    : [];

const pricedOutcomes = (market: Market | undefined) =>
  (market?.outcomes ?? []).filter((o) => o.active && o.odds !== null);

/** The markets by their group ("Resultado Final", "Escanteios"…), in the feed's order. */
function byGroup(markets: Market[]): Array<[string, Market[]]> {
  const groups = new Map<string, Market[]>();
  for (const m of markets) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
  return [...groups];
}

/** "14 %": how far the typed price is above the book's (the text puts the "+"). */
const lift = (odds: number, was: number) => `${Math.round((odds / was - 1) * 100).toLocaleString('pt-BR')} %`;

/**
 * A trader's new Super Odd: find a fixture still to start, pick a market and a selection (its
 * price now beside it), type the boosted price (a suggestion ~15 % above is filled in) and the
 * limit per player; the server's refusal is shown as it comes, and the prices are read again.
 */
export function BoostForm({ running, onCreated }: { running: ReadonlySet<string>; onCreated: () => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<SportsFixtureDetail | null>(null);
  const [chosen, setChosen] = useState('');
  const [marketId, setMarketId] = useState('');
  const [outcomeId, setOutcomeId] = useState('');
  const [odds, setOdds] = useState('');
  const [limit, setLimit] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const oddsRef = useRef<HTMLInputElement>(null);
  const limitRef = useRef<HTMLInputElement>(null);
  // Only the latest fixture read is shown (a slower earlier one would replace it).
  const reads = useRef(0);

  /** Chooses a selection and fills in its suggested boost. */
  const pick = (market: Market | undefined, outcome = pricedOutcomes(market)[0]) => {
    setNote(null);
    setMarketId(market?.id ?? '');
    setOutcomeId(outcome?.id ?? '');
    setOdds(outcome?.odds ? oddsText(suggestedOdds(outcome.odds)) : '');
  };

  /** Reads a fixture's markets; `keep` leaves the trader's choice (prices read again). */
  const open = async (id: string, keep = false) => {
    if (!keep) {
      setChosen(id);
      setDetail(null);
      setNote(null);
    }
    const read = ++reads.current;
    try {
      const answer = await boostApi.fixture(id);
      if (read !== reads.current) return;
      setDetail(answer);
      if (!keep) pick(openMarkets(answer)[0]);
    } catch (err) {
      if (read === reads.current && !keep) setNote({ text: errorText(err, t('admin.error')), error: true });
    }
  };

  const markets = openMarkets(detail);
  const market = markets.find((m) => m.id === marketId);
  const outcome = pricedOutcomes(market).find((o) => o.id === outcomeId);
  const was = outcome?.odds ?? null;
  const boosted = typedOdds(odds);
  const problem = boosted !== null && was !== null ? oddsProblem(boosted, was) : null;
  const limitValue = parseAmountInput(limit);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!detail || !market || !outcome || was === null) return;
    if (boosted === null) {
      setNote({ text: t('admin.boosts.oddsInvalid'), error: true });
      oddsRef.current?.focus();
      return;
    }
    if (!(limitValue > 0)) {
      setNote({ text: t('admin.boosts.limitInvalid'), error: true });
      limitRef.current?.focus();
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      const created = await boostApi.create({
        fixtureId: detail.id,
        marketId: market.id,
        outcomeId: outcome.id,
        odds: boosted,
        maxStake: limitValue.toFixed(2),
      });
      setNote({
        text: t('admin.boosts.created', {
          outcome: created.outcome,
          market: created.market,
          fixture: created.fixture,
          was: oddsText(created.was),
          odds: oddsText(created.odds),
        }),
        error: false,
      });
      onCreated();
    } catch (err) {
      setNote({ text: errorText(err, t('admin.error')), error: true });
      // The refusal often names a price that moved: show the book's prices as they are now.
      void open(detail.id, true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-boost">
      <FixtureFinder chosen={chosen} onChoose={(id) => void open(id)} />
      <form
        className="admin-boost__form"
        aria-label={t('admin.boosts.newTitle')}
        noValidate
        onSubmit={(e) => void submit(e)}
      >
        <h3>{t('admin.boosts.newTitle')}</h3>
        {!chosen && <p>{t('admin.boosts.pickFixture')}</p>}
        {chosen && !detail && !note && <p>{t('admin.boosts.loading')}</p>}
        {detail && (
          <p>
            <strong>{fixtureTitle(detail, ' × ')}</strong>
            <br />
            <small>
              {t('admin.boosts.fixtureLine', {
                competition: detail.competition,
                when: spDateTime(detail.startsAt),
              })}
            </small>
          </p>
        )}
        {detail && !canBoost(detail) && <p className="admin-hint">{t('admin.boosts.started')}</p>}
        {detail && canBoost(detail) && markets.length === 0 && <p>{t('admin.boosts.noMarkets')}</p>}
        {market && (
          <>
            <label>
              {t('admin.boosts.market')}
              <select value={market.id} onChange={(e) => pick(markets.find((m) => m.id === e.target.value))}>
                {byGroup(markets).map(([group, list]) => (
                  <optgroup key={group} label={group}>
                    {list.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
            <label>
              {t('admin.boosts.outcome')}
              <select
                value={outcomeId}
                onChange={(e) =>
                  pick(
                    market,
                    pricedOutcomes(market).find((o) => o.id === e.target.value),
                  )
                }
              >
                {pricedOutcomes(market).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name} · {oddsText(o.odds!)}
                    {running.has(selectionKey(detail!.id, market.id, o.id))
                      ? ` · ${t('admin.boosts.runningMark')}`
                      : ''}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {outcome && was !== null && (
          <>
            <div className="admin-boost__price">
              <span>
                {t('admin.boosts.current')}:{' '}
                <strong data-testid="admin-boost-current">{oddsText(was)}</strong>
              </span>
              <button type="button" className="admin-secondary" onClick={() => void open(detail!.id, true)}>
                {t('admin.boosts.refresh')}
              </button>
            </div>
            <div className="admin-boost__pair">
              <label>
                {t('admin.boosts.odds')}
                <input
                  ref={oddsRef}
                  inputMode="decimal"
                  autoComplete="off"
                  value={odds}
                  maxLength={8}
                  aria-describedby="admin-boost-odds-hint"
                  onChange={(e) => setOdds(e.target.value)}
                />
              </label>
              <label>
                {t('admin.boosts.maxStake')}
                <input
                  ref={limitRef}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('admin.boosts.maxStakeExample')}
                  value={limit}
                  onChange={(e) => setLimit(normaliseAmountInput(e.target.value))}
                />
              </label>
            </div>
            <small id="admin-boost-odds-hint" className="admin-muted">
              {t('admin.boosts.oddsHint', { was: oddsText(was), most: oddsText(highestBoost(was)) })}
              {boosted !== null &&
                !problem &&
                ` · ${t('admin.boosts.lift', { percent: lift(boosted, was) })}`}
            </small>
            {boosted !== null && problem && (
              <small className="admin-error" data-testid="admin-boost-problem">
                {problem.problem === 'low' && t('admin.boosts.oddsLow', { was: oddsText(was) })}
                {problem.problem === 'high' &&
                  t('admin.boosts.oddsHigh', { most: oddsText(highestBoost(was)) })}
                {problem.problem === 'ladder' &&
                  t('admin.boosts.oddsLadder', { odds: oddsText(boosted), near: oddsText(problem.near!) })}
              </small>
            )}
            {boosted !== null && limitValue > 0 && (
              <p className="admin-boost__summary">
                {t('admin.boosts.summary', {
                  outcome: outcome.name,
                  market: market!.name,
                  was: oddsText(was),
                  odds: oddsText(boosted),
                  limit: brl(limitValue),
                })}
              </p>
            )}
          </>
        )}
        <div className="admin-result__actions">
          {outcome && (
            <button type="submit" disabled={busy} aria-busy={busy}>
              {t('admin.boosts.create')}
            </button>
          )}
          {note && (
            <span role={note.error ? 'alert' : 'status'} className={note.error ? 'admin-error' : 'admin-ok'}>
              {note.text}
            </span>
          )}
        </div>
      </form>
    </div>
  );
}
