import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYER_HISTORY_KINDS } from '../../domain/schemas/back-office.schema';
import { adminApi, type PlayerHistoryKind, type PlayerHistoryRow } from './admin-api';
import { errorText } from './admin-login';
import { Pager } from './admin-fields';
import { brl, spDateTime } from './admin-panels';

const PAGE_SIZE = 20;

type AnyRows = {
  [K in PlayerHistoryKind]: { kind: K; list: PlayerHistoryRow[K][]; total: number };
}[PlayerHistoryKind];

/**
 * What the player did, from the profile (issue 19, item 3): casino and sports bets, deposits and
 * withdrawals, each in words, newest first, page by page — so support answers "cadê meu saque?"
 * without the ledger's postings.
 */
export function PlayerHistory({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PlayerHistoryKind>('withdrawals');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AnyRows | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    let live = true;
    setMessage('');
    adminApi
      .playerHistory(playerId, kind, page, PAGE_SIZE)
      .then((data) => live && setRows({ kind, ...data } as AnyRows))
      .catch((err: unknown) => live && setMessage(errorText(err, t('admin.error'))));
    return () => {
      live = false;
    };
  }, [playerId, kind, page, t]);

  const pages = rows ? Math.max(1, Math.ceil(rows.total / PAGE_SIZE)) : 1;
  const choose = (next: PlayerHistoryKind) => {
    setRows(null);
    setPage(1);
    setKind(next);
  };

  return (
    <section aria-labelledby={`admin-history-${playerId}`} className="admin-history">
      <h4 id={`admin-history-${playerId}`}>{t('admin.history.title')}</h4>
      <div className="admin-tabs" role="tablist" aria-label={t('admin.history.title')}>
        {PLAYER_HISTORY_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={kind === k ? undefined : 'admin-secondary'}
            onClick={() => choose(k)}
          >
            {t(`admin.history.kinds.${k}`)}
          </button>
        ))}
      </div>
      {message && <p role="alert">{message}</p>}
      {rows && rows.list.length === 0 && <p>{t('admin.history.empty')}</p>}
      {rows && rows.list.length > 0 && (
        <>
          <HistoryTable rows={rows} />
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            summary={t('admin.history.pageOf', { page, pages, total: rows.total })}
          />
        </>
      )}
    </section>
  );
}

function HistoryTable({ rows }: { rows: AnyRows }) {
  const { t } = useTranslation();
  const head = (keys: string[]) => (
    <thead>
      <tr>
        {keys.map((k) => (
          <th key={k}>{t(`admin.history.${k}` as 'admin.history.when')}</th>
        ))}
      </tr>
    </thead>
  );
  switch (rows.kind) {
    case 'casino':
      return (
        <table className="admin-table" data-testid="admin-history-casino">
          {head(['when', 'game', 'stake', 'payout', 'result'])}
          <tbody>
            {rows.list.map((b) => (
              <tr key={b.id}>
                <td className="admin-nowrap">{spDateTime(b.createdAt)}</td>
                <td>{b.game.toUpperCase()}</td>
                <td>{brl(b.amount)}</td>
                <td>{brl(b.payout)}</td>
                <td>
                  <CasinoResult bet={b} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'sports':
      return (
        <table className="admin-table" data-testid="admin-history-sports">
          {head(['when', 'bet', 'stake', 'odds', 'payout', 'result'])}
          <tbody>
            {rows.list.map((b) => (
              <tr key={b.betId}>
                <td className="admin-nowrap">{spDateTime(b.placedAt)}</td>
                <td>
                  {b.betId}
                  {b.legs.map((l, i) => (
                    <small key={i}>
                      <br />
                      {l.fixture} · {l.market}: {l.outcome}
                    </small>
                  ))}
                </td>
                <td>{brl(b.stake)}</td>
                <td>{b.combinedOdds.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}</td>
                <td>{brl(b.payout)}</td>
                <td>{b.resultText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'deposits':
      return (
        <table className="admin-table" data-testid="admin-history-deposits">
          {head(['when', 'amount', 'package', 'status', 'note'])}
          <tbody>
            {rows.list.map((d) => (
              <tr key={d.id}>
                <td className="admin-nowrap">
                  {spDateTime(d.createdAt)}
                  <br />
                  <small>nº {d.id}</small>
                </td>
                <td>{brl(d.amount)}</td>
                <td>{d.pkgId === 'custom' ? t('admin.history.customAmount') : d.pkgId}</td>
                <td>
                  {t(`admin.history.depositStates.${d.status as '00' | '01' | '10'}`, {
                    defaultValue: d.status,
                  })}
                  {d.paidAt && (
                    <>
                      <br />
                      <small>{spDateTime(d.paidAt)}</small>
                    </>
                  )}
                </td>
                <td>
                  {d.note}
                  {d.endToEndId && (
                    <>
                      <br />
                      <small>E2E {d.endToEndId}</small>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'withdrawals':
      return (
        <table className="admin-table" data-testid="admin-history-withdrawals">
          {head(['when', 'amount', 'status', 'note'])}
          <tbody>
            {rows.list.map((w) => (
              <tr key={w.id}>
                <td className="admin-nowrap">
                  {spDateTime(w.createdAt)}
                  <br />
                  <small>nº {w.id}</small>
                </td>
                <td>{brl(w.amount)}</td>
                <td>
                  {t(`admin.withdrawals.states.${w.payoutState}`)}
                  {w.finishedAt && (
                    <>
                      <br />
                      <small>{spDateTime(w.finishedAt)}</small>
                    </>
                  )}
                </td>
                <td>
                  {w.note}
                  {w.decidedBy && (
                    <>
                      <br />
                      <small>
                        {t('admin.withdrawals.decidedBy')}: {w.decidedBy}
                      </small>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** A casino bet's outcome in words. */
function CasinoResult({ bet }: { bet: PlayerHistoryRow['casino'] }) {
  const { t } = useTranslation();
  if (bet.status === 'open') return <>{t('admin.history.casinoOpen')}</>;
  if (bet.status === 'cancelled') return <>{t('admin.history.casinoCancelled')}</>;
  if (bet.payout <= 0) return <>{t('admin.history.casinoLost')}</>;
  const multiplier = bet.multiplier.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  return <>{t('admin.history.casinoWon', { multiplier })}</>;
}
