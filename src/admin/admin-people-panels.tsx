import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type DailyReportRow, type PlayerProfile, type PlayerSearch } from './admin-api';
import type { BetLookup } from '../../domain/schemas/back-office.schema';
import { errorText } from './admin-login';
import { ConfirmButton } from './admin-confirm';
import { ChoiceField, DateRangeFields, downloadText, Pager } from './admin-fields';
import { usePagedSearch } from './admin-search';
import { brl, percent } from './admin-panels';
import { MarginTable } from './admin-margin-report';
import { PlayerCare } from './admin-player-care';
import { PlayerHistory } from './admin-player-history';
import { GgrChart } from './admin-charts';
import { moneyApi, type MarginReportRow, type ProductReportRow } from './admin-money-api';
import { SPORT_KEYS, type SportKey } from '../../domain/sports/sports';
import { saoPauloDayOf } from '../../domain/sao-paulo-days';

/** Players: search by e-mail, CPF or invite code; profile, ledger balances, sessions (end them). */
const PLAYERS_PAGE = 20;
const NO_FILTER: PlayerSearch = { q: '', status: '', review: '', vip: '', from: '', to: '' };
const REVIEWS = ['none', 'pending', 'approved', 'rejected'] as const;

export function PlayersPanel() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number | null>(null);
  const { result, message, page, setPage, pages, submit, field, clear } = usePagedSearch(
    NO_FILTER,
    PLAYERS_PAGE,
    adminApi.players,
  );

  return (
    <section className="admin-panel" aria-labelledby="admin-players-title">
      <h2 id="admin-players-title">{t('admin.players.title')}</h2>
      <form className="admin-filters" onSubmit={submit}>
        <label className="admin-filters__wide">
          {t('admin.players.search')}
          <input type="search" {...field('q')} />
        </label>
        <ChoiceField
          label={t('admin.players.status')}
          anyLabel={t('admin.players.anyStatus')}
          choices={(['active', 'locked'] as const).map((s) => ({
            value: s,
            label: t(`admin.players.statuses.${s}`),
          }))}
          field={field('status')}
        />
        <ChoiceField
          label={t('admin.players.review')}
          anyLabel={t('admin.players.anyReview')}
          choices={REVIEWS.map((r) => ({ value: r, label: t(`admin.words.documents.${r}`) }))}
          field={field('review')}
        />
        <label>
          VIP
          <input inputMode="numeric" {...field('vip')} />
        </label>
        <label>
          {t('admin.players.from')}
          <input type="date" {...field('from')} />
        </label>
        <label>
          {t('admin.players.to')}
          <input type="date" {...field('to')} />
        </label>
        <button type="submit">{t('admin.players.find')}</button>
        <button type="button" className="admin-secondary" onClick={clear}>
          {t('admin.withdrawals.clear')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {result && result.list.length === 0 && <p>{t('admin.players.empty')}</p>}
      {result && result.list.length > 0 && (
        <>
          <p>{t('admin.players.count', { count: result.total, page, pages })}</p>
          <table className="admin-table" data-testid="admin-players">
            <thead>
              <tr>
                <th>{t('admin.players.player')}</th>
                <th>CPF</th>
                <th>VIP</th>
                <th>{t('admin.players.review')}</th>
                <th>{t('admin.players.signedUp')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {result.list.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.name} <small>· {p.username}</small>
                    {p.locked && (
                      <small className="admin-negative"> · {t('admin.players.statuses.locked')}</small>
                    )}
                  </td>
                  <td className="admin-nowrap">{p.cpf}</td>
                  <td>{p.vip}</td>
                  <td>
                    {p.kyc === 1 ? t('admin.words.kycVerified') : t('admin.words.kycMissing')}
                    <br />
                    <small>{t(`admin.words.documents.${p.kycReview}`)}</small>
                  </td>
                  <td className="admin-nowrap">{new Date(p.createdAt).toLocaleDateString('pt-BR')}</td>
                  <td>
                    <button
                      type="button"
                      className="admin-secondary"
                      aria-pressed={openId === p.id}
                      onClick={() => setOpenId(p.id)}
                    >
                      {t('admin.players.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      <BetFinder onPlayer={setOpenId} />
      {openId !== null && <PlayerProfileView key={openId} playerId={openId} />}
    </section>
  );
}

/** "Minha aposta sumiu": a bet found by the number the player reads, and its player's profile. */
function BetFinder({ onPlayer }: { onPlayer: (id: number) => void }) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [bet, setBet] = useState<BetLookup | null>(null);
  const [message, setMessage] = useState('');
  const find = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    setBet(null);
    try {
      setBet(await adminApi.bet(id.trim()));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  return (
    <>
      <form className="admin-inline" onSubmit={(e) => void find(e)}>
        <label>
          {t('admin.betLookup.label')}
          <input name="bet" value={id} onChange={(e) => setId(e.target.value)} />
        </label>
        <button type="submit" disabled={id.trim().length < 4}>
          {t('admin.betLookup.find')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {bet && (
        <p className="admin-bet-found" data-testid="admin-bet-found">
          {t(`admin.betLookup.kinds.${bet.kind}`)} ·{' '}
          {bet.kind === 'casino' ? bet.product.toUpperCase() : bet.product} ·{' '}
          {t('admin.betLookup.stake', { amount: brl(bet.stake) })} ·{' '}
          {t('admin.betLookup.payout', { amount: brl(bet.payout) })} ·{' '}
          {t(`admin.betLookup.states.${bet.state as 'open'}`, { defaultValue: bet.state })} ·{' '}
          {new Date(bet.placedAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })} ·{' '}
          <button type="button" className="admin-secondary" onClick={() => onPlayer(bet.userId)}>
            {t('admin.betLookup.player', { username: bet.username })}
          </button>
        </p>
      )}
    </>
  );
}

/**
 * One player's profile: identity, balances, sessions, history and care (notes, lock). The players
 * panel opens it from a search; a compliance case opens it for each player of the case.
 */
export function PlayerProfileView({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [message, setMessage] = useState('');

  const open = useCallback(async () => {
    try {
      setProfile(await adminApi.player(playerId));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [playerId, t]);
  useEffect(() => void open(), [open]);

  const endSessions = async () => {
    try {
      const res = await adminApi.endSessions(playerId);
      await open();
      setMessage(t('admin.players.ended', { count: res.ended }));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  if (!profile) return message ? <p role="status">{message}</p> : null;
  return (
    <div className="admin-profile">
      <h3>{profile.name}</h3>
      <p>
        {profile.username} · CPF {profile.cpf} · {profile.phone} · {t('admin.players.inviteCode')}{' '}
        {profile.inviteCode} · VIP {profile.vip} ·{' '}
        {profile.kyc === 1 ? t('admin.words.kycVerified') : t('admin.words.kycMissing')} (
        {t(`admin.words.documents.${profile.kycReview}`)}) ·{' '}
        {t('admin.players.since', { date: new Date(profile.createdAt).toLocaleDateString('pt-BR') })}
      </p>
      <p>
        {t('admin.players.balances', {
          cash: brl(profile.balances.cash),
          bonus: brl(profile.balances.bonus),
          hold: brl(profile.balances.withdrawalHold),
        })}
      </p>
      {message && <p role="status">{message}</p>}
      <h4>{t('admin.players.sessions', { count: profile.sessions.length })}</h4>
      <ul>
        {profile.sessions.map((s) => (
          <li key={s.id}>
            {new Date(s.createdAt).toLocaleString('pt-BR')} · {s.ip ?? '—'}
          </li>
        ))}
      </ul>
      <ConfirmButton
        label={t('admin.players.endSessions')}
        question={t('admin.players.confirmEndSessions')}
        danger
        disabled={profile.sessions.length === 0}
        onConfirm={endSessions}
      />
      <PlayerHistory key={profile.id} playerId={profile.id} />
      <PlayerCare profile={profile} onChanged={open} />
    </div>
  );
}

const REPORT_COLUMNS = [
  'casinoStakes',
  'casinoPayouts',
  'casinoGgr',
  'sportsStakes',
  'sportsPayouts',
  'sportsGgr',
  'deposits',
  'withdrawals',
] as const;

/** A casino game by its name, a sport by its pt-BR name, a múltipla across sports as such. */
function useProductName() {
  const { t } = useTranslation();
  return (p: ProductReportRow) => {
    if (p.kind === 'casino') return p.product.toUpperCase();
    if (p.product === 'multiple') return t('admin.reports.multiple');
    return (SPORT_KEYS as readonly string[]).includes(p.product)
      ? t(`sports.${p.product as SportKey}`)
      : p.product;
  };
}

/**
 * The São Paulo day `days` before today: finance counts São Paulo days, and the UTC date ran into
 * tomorrow every evening after 21:00 (issue 19, item 5).
 */
function isoDaysAgo(days: number): string {
  return saoPauloDayOf(Date.now() - days * 86_400_000);
}

/** The range a report opens with: the last seven São Paulo days. */
const FIRST_RANGE = () => ({ from: isoDaysAgo(6), to: isoDaysAgo(0) });

type ReportName = 'daily' | 'products' | 'margins';
/** The file names' prefixes, as the server names its downloads. */
const CSV_PREFIX: Record<ReportName, string> = { daily: '', products: 'produtos-', margins: 'margens-' };

/** A São Paulo day as Brazilians write it (28/11/2026). */
const dayText = (day: string) => day.split('-').reverse().join('/');

/** Daily report: stakes, payouts and GGR per product, deposits, withdrawals, new players; CSV export. */
export function ReportsPanel() {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => FIRST_RANGE().from);
  const [to, setTo] = useState(() => FIRST_RANGE().to);
  const [rows, setRows] = useState<DailyReportRow[]>([]);
  const [products, setProducts] = useState<ProductReportRow[]>([]);
  const [margins, setMargins] = useState<MarginReportRow[]>([]);
  const productName = useProductName();
  const [message, setMessage] = useState('');

  const load = useCallback(
    async (range: { from: string; to: string }) => {
      setMessage('');
      try {
        const [daily, byProduct, byGroup] = await Promise.all([
          adminApi.dailyReport(range.from, range.to),
          moneyApi.products(range.from, range.to),
          moneyApi.margins(range.from, range.to),
        ]);
        setRows(daily);
        setProducts(byProduct);
        setMargins(byGroup);
      } catch (err) {
        setMessage(errorText(err, t('admin.error')));
      }
    },
    [t],
  );

  const show = (event: FormEvent) => {
    event.preventDefault();
    void load({ from, to });
  };
  // The last seven days show as the section opens; "Mostrar" is for another range.
  useEffect(() => void load(FIRST_RANGE()), [load]);

  const exportCsv = async (report: ReportName) => {
    try {
      const csv = await adminApi.reportCsv(from, to, report);
      downloadText(`trevo-${CSV_PREFIX[report]}${from}-${to}.csv`, csv);
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title">{t('admin.reports.title')}</h2>
      <form className="admin-inline" onSubmit={show}>
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <button type="submit">{t('admin.reports.show')}</button>
        <button type="button" className="admin-secondary" onClick={() => void exportCsv('daily')}>
          {t('admin.reports.csv')}
        </button>
        <button type="button" className="admin-secondary" onClick={() => void exportCsv('products')}>
          {t('admin.reports.csvProducts')}
        </button>
        <button type="button" className="admin-secondary" onClick={() => void exportCsv('margins')}>
          {t('admin.reports.csvMargins')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {rows.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.reports.day')}</th>
              {REPORT_COLUMNS.map((c) => (
                <th key={c}>{t(`admin.reports.${c}`)}</th>
              ))}
              <th>{t('admin.reports.newPlayers')}</th>
              <th>{t('admin.reports.firstDeposits')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.day}>
                <td className="admin-nowrap">{dayText(r.day)}</td>
                {REPORT_COLUMNS.map((c) => (
                  <td key={c}>{brl(r[c])}</td>
                ))}
                <td>{r.newPlayers}</td>
                <td>{r.firstDeposits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <GgrChart rows={rows} />
      {products.length > 0 && (
        <>
          <h3>{t('admin.reports.byProduct')}</h3>
          <table className="admin-table" data-testid="admin-report-products">
            <thead>
              <tr>
                <th>{t('admin.reports.product')}</th>
                <th>{t('admin.reports.bets')}</th>
                <th>{t('admin.reports.stakes')}</th>
                <th>{t('admin.reports.payouts')}</th>
                <th>GGR</th>
                <th>{t('admin.reports.rtpObserved')}</th>
                <th>{t('admin.reports.rtpConfigured')}</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={`${p.kind}-${p.product}`}>
                  <td>{productName(p)}</td>
                  <td>{p.bets}</td>
                  <td>{brl(p.stakes)}</td>
                  <td>{brl(p.payouts)}</td>
                  <td className={p.ggr < 0 ? 'admin-negative' : undefined}>{brl(p.ggr)}</td>
                  <td>{percent(p.rtpObserved)}</td>
                  <td>{percent(p.rtpConfigured)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <MarginTable rows={margins} />
    </section>
  );
}
