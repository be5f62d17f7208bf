import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MatchTime } from '../../domain/codes';
import { adminApi, type AdminGameSettings, type AttentionFixture } from './admin-api';
import { errorText } from './admin-login';
import { PrizeDeadlinesPanel } from './admin-prize-deadlines';

/** The lowest RTP an operator may set (spec: never below 85%), so the highest edge is 15%. */
export const MIN_RTP_PERCENT = 85;

/** The end states an operator can enter for a fixture, with their labels. */
const RESULT_STATUSES = [
  [MatchTime.finished, 'admin.sports.statuses.-1'],
  [MatchTime.cancelled, 'admin.sports.statuses.-10'],
  [MatchTime.interrupted, 'admin.sports.statuses.-13'],
  [MatchTime.postponed, 'admin.sports.statuses.-14'],
  [MatchTime.cutInHalf, 'admin.sports.statuses.-12'],
] as const;

/** A score both of whose sides were typed, as the result call takes it; else nothing. */
function typedPair(home: string, away: string) {
  return home === '' || away === '' ? undefined : { home: Number(home), away: Number(away), complete: true };
}

/** One side of a stored score as the form shows it ('' when the score is absent). */
const typed = (score: { home: number; away: number } | undefined, side: 'home' | 'away') =>
  score ? String(score[side]) : '';

function FixtureResultForm({ fixture, onDone }: { fixture: AttentionFixture; onDone: () => void }) {
  const { t } = useTranslation();
  const scores = fixture.result?.scores;
  const full = scores?.full;
  const [status, setStatus] = useState<number>(MatchTime.finished);
  const [home, setHome] = useState(String(full?.home ?? 0));
  const [away, setAway] = useState(String(full?.away ?? 0));
  // A bet held for review usually waits for what the final score does not tell: the first half or
  // the corners. Left empty, they are not sent.
  const [halfHome, setHalfHome] = useState(typed(scores?.first_half, 'home'));
  const [halfAway, setHalfAway] = useState(typed(scores?.first_half, 'away'));
  const [cornersHome, setCornersHome] = useState(typed(scores?.corners, 'home'));
  const [cornersAway, setCornersAway] = useState(typed(scores?.corners, 'away'));
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    try {
      const res = await adminApi.enterResult(fixture.id, {
        status,
        full: { home: Number(home), away: Number(away), complete: status === MatchTime.finished },
        firstHalf: typedPair(halfHome, halfAway),
        corners: typedPair(cornersHome, cornersAway),
      });
      setMessage(t('admin.sports.settled', { count: res.settled.length }));
      onDone();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  return (
    <form className="admin-inline" onSubmit={(e) => void submit(e)} aria-label={t('admin.sports.enter')}>
      <select
        aria-label={t('admin.sports.status')}
        value={status}
        onChange={(e) => setStatus(Number(e.target.value))}
      >
        {RESULT_STATUSES.map(([code, label]) => (
          <option key={code} value={code}>
            {t(label)}
          </option>
        ))}
      </select>
      <input
        aria-label={t('admin.sports.home', { team: fixture.home })}
        type="number"
        min={0}
        max={999}
        value={home}
        onChange={(e) => setHome(e.target.value)}
      />
      <input
        aria-label={t('admin.sports.away', { team: fixture.away })}
        type="number"
        min={0}
        max={999}
        value={away}
        onChange={(e) => setAway(e.target.value)}
      />
      {(
        [
          ['admin.sports.halfHome', fixture.home, halfHome, setHalfHome],
          ['admin.sports.halfAway', fixture.away, halfAway, setHalfAway],
          ['admin.sports.cornersHome', fixture.home, cornersHome, setCornersHome],
          ['admin.sports.cornersAway', fixture.away, cornersAway, setCornersAway],
        ] as const
      ).map(([label, team, value, set]) => (
        <input
          key={label}
          aria-label={t(label, { team })}
          title={t(label, { team })}
          placeholder={t(label, { team })}
          type="number"
          min={0}
          max={999}
          value={value}
          onChange={(e) => set(e.target.value)}
        />
      ))}
      <button type="submit">{t('admin.sports.enter')}</button>
      {message && <span role="status">{message}</span>}
    </form>
  );
}

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
  const load = useCallback(async () => {
    try {
      setItems(await adminApi.fixtures(searched));
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
                    {f.home} × {f.away}
                    <br />
                    <small>
                      {f.competition} · {new Date(f.startsAt).toLocaleString('pt-BR')}
                    </small>
                  </td>
                  <td>
                    {f.result?.scores?.full
                      ? `${f.result.scores.full.home} × ${f.result.scores.full.away}`
                      : t('admin.sports.noResult')}
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
        <button
          type="button"
          className={game.stop ? '' : 'admin-danger'}
          onClick={() => void save({ stop: !game.stop })}
        >
          {t(game.stop ? 'admin.games.resume' : 'admin.games.stop')}
        </button>
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
