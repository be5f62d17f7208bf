import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSportKey } from '../../domain/sports/sports';
import { adminApi, type AdminGameSettings, type AttentionFixture } from './admin-api';
import { errorText } from './admin-login';
import { ConfirmButton } from './admin-confirm';
import { PrizeDeadlinesPanel } from './admin-prize-deadlines';
import { FixtureResultForm, resultSummary } from './admin-result-form';
import { fixtureTitle } from '../../domain/sports/labels';

/** The lowest RTP an operator may set (spec: never below 85%), so the highest edge is 15%. */
export const MIN_RTP_PERCENT = 85;

/**
 * Prizes waiting past their event (with the 120-minute deadline), then the fixtures needing attention
 * (no final result long after the start, or results an operator set).
 */
export function SportsPanel() {
  const { t } = useTranslation();
  const [items, setItems] = useState<AttentionFixture[]>([]);
  const [message, setMessage] = useState('');
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState('');
  // Results entered here: each one reads the prize list again at once.
  const [entered, setEntered] = useState(0);
  // Only the latest read is shown: a slower earlier one (the list read again after a result, then
  // a new search) would otherwise replace the search's answer with the old list.
  const reads = useRef(0);
  const load = useCallback(async () => {
    const read = ++reads.current;
    try {
      const list = await adminApi.fixtures(searched);
      if (read === reads.current) setItems(list);
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t, searched]);
  useEffect(() => void load(), [load]);

  return (
    <>
      <PrizeDeadlinesPanel
        refresh={entered}
        onOpenFixture={(id) => {
          setQ(id);
          setSearched(id);
        }}
      />
      <section className="admin-panel" aria-labelledby="admin-sports-title">
        <h2 id="admin-sports-title">{t('admin.sports.title')}</h2>
        <p>{t('admin.sports.help')}</p>
        <form
          className="admin-inline"
          onSubmit={(event) => {
            event.preventDefault();
            setSearched(q.trim());
          }}
        >
          <label>
            {t('admin.sports.search')}
            <input value={q} maxLength={80} onChange={(e) => setQ(e.target.value)} />
          </label>
          <button type="submit">{t('admin.sports.find')}</button>
        </form>
        {message && <p role="status">{message}</p>}
        {items.length === 0 ? (
          <p>{t('admin.sports.empty')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('admin.sports.fixture')}</th>
                <th>{t('admin.sports.current')}</th>
                <th>{t('admin.sports.enter')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((f) => (
                <tr key={f.id}>
                  <td>
                    {fixtureTitle(f, ' × ')}
                    <br />
                    <small>
                      {isSportKey(f.sport) && `${t(`admin.results.sportNames.${f.sport}`)} · `}
                      {f.competition} · {new Date(f.startsAt).toLocaleString('pt-BR')}
                    </small>
                  </td>
                  <td>
                    {resultSummary(f, t) ?? t('admin.sports.noResult')}
                    <br />
                    <small>
                      {t(f.resultSource === 'operator' ? 'admin.sports.byOperator' : 'admin.sports.byFeed')}
                    </small>
                  </td>
                  <td>
                    <FixtureResultForm
                      fixture={f}
                      onDone={() => {
                        void load();
                        setEntered((n) => n + 1);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function GameRow({ game, onSaved }: { game: AdminGameSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const [minBet, setMinBet] = useState(String(game.minBet));
  const [maxBet, setMaxBet] = useState(String(game.maxBet));
  const [maxPayout, setMaxPayout] = useState(String(game.maxPayout));
  const [rtp, setRtp] = useState(String(Math.round((1 - game.edge) * 10000) / 100));
  const [message, setMessage] = useState('');

  const save = async (patch: Partial<Omit<AdminGameSettings, 'game'>>) => {
    setMessage('');
    try {
      await adminApi.updateGame(game.game, patch);
      setMessage(t('admin.games.saved'));
      onSaved();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rtpValue = Number(rtp);
    if (!(rtpValue >= MIN_RTP_PERCENT && rtpValue <= 100)) {
      setMessage(t('admin.games.rtpFloor', { min: MIN_RTP_PERCENT }));
      return;
    }
    void save({
      minBet: Number(minBet),
      maxBet: Number(maxBet),
      maxPayout: Number(maxPayout),
      edge: Math.round((100 - rtpValue) * 100) / 10000,
    });
  };

  return (
    <tr>
      <td>{game.game}</td>
      <td>
        {game.stop ? (
          <button type="button" onClick={() => void save({ stop: false })}>
            {t('admin.games.resume')}
          </button>
        ) : (
          <ConfirmButton
            label={t('admin.games.stop')}
            question={t('admin.games.confirmStop', { game: game.game })}
            danger
            onConfirm={() => save({ stop: true })}
          />
        )}
        <small> {t(game.stop ? 'admin.games.stopped' : 'admin.games.running')}</small>
      </td>
      <td>
        <form
          className="admin-inline"
          onSubmit={submit}
          aria-label={t('admin.games.limits', { game: game.game })}
        >
          <label>
            {t('admin.games.minBet')}
            <input type="number" step="0.01" value={minBet} onChange={(e) => setMinBet(e.target.value)} />
          </label>
          <label>
            {t('admin.games.maxBet')}
            <input type="number" step="0.01" value={maxBet} onChange={(e) => setMaxBet(e.target.value)} />
          </label>
          <label>
            {t('admin.games.maxPayout')}
            <input
              type="number"
              step="0.01"
              value={maxPayout}
              onChange={(e) => setMaxPayout(e.target.value)}
            />
          </label>
          <label>
            {t('admin.games.rtp')}
            <input
              type="number"
              step="0.01"
              min={MIN_RTP_PERCENT}
              max={100}
              value={rtp}
              onChange={(e) => setRtp(e.target.value)}
            />
          </label>
          <button type="submit">{t('admin.games.save')}</button>
          {message && <span role="status">{message}</span>}
        </form>
      </td>
    </tr>
  );
}

/** Game switches: stop and resume, bet and payout limits, RTP (never below 85%). */
export function GamesPanel() {
  const { t } = useTranslation();
  const [games, setGames] = useState<AdminGameSettings[]>([]);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    try {
      setGames(await adminApi.games());
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);
  useEffect(() => void load(), [load]);
  return (
    <section className="admin-panel" aria-labelledby="admin-games-title">
      <h2 id="admin-games-title">{t('admin.games.title')}</h2>
      {message && <p role="status">{message}</p>}
      <table className="admin-table">
        <tbody>
          {games.map((g) => (
            <GameRow
              key={`${g.game}-${g.stop}-${g.edge}-${g.minBet}-${g.maxBet}-${g.maxPayout}`}
              game={g}
              onSaved={() => void load()}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Verifies the operators' audit chain on demand (the same check as `npm run audit:verify`). */
export function AuditPanel() {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ rows: number; problems: string[] } | null>(null);
  const [message, setMessage] = useState('');
  const verify = async () => {
    setMessage('');
    try {
      setResult(await adminApi.verifyAudit());
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  return (
    <section className="admin-panel" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{t('admin.audit.title')}</h2>
      <button type="button" onClick={() => void verify()}>
        {t('admin.audit.verify')}
      </button>
      {message && <p role="status">{message}</p>}
      {result && (
        <div role="status">
          <p>
            {result.problems.length === 0
              ? t('admin.audit.ok', { rows: result.rows })
              : t('admin.audit.broken', { rows: result.rows, problems: result.problems.length })}
          </p>
          <ul>
            {result.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
