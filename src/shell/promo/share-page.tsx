import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../components/scroll-table';
import { Link } from 'react-router-dom';
import type { AgentRewards, ReferralRow } from '../../../domain/schemas/promo.schema';
import { formatDateTime, formatMoney, formatPercent } from '../../lib/format';
import { bcp47 } from '../../lib/i18n';
import { fetchAgentRewards, fetchReferrals, receiveBonus } from '../../services/promo-api';
import { showToast } from '../app/dialogs';
import { refreshUserInfo, useUserInfo } from '../app/session';
import { RoutePageHeading } from '../pages/page-heading';
import { copyText } from './copy-text';
import './promo.css';

type Level = 1 | 2 | 3;
const LEVELS: readonly Level[] = [1, 2, 3];
const PAGE_SIZE = 20;

/** The invite link of a code: `/y{yqm}` on this site (src/shell/app/landing.ts reads it). */
export function inviteLink(yqm: string, origin = window.location.origin): string {
  return `${origin}/y${yqm}`;
}

/** The link as a QR code image (the same `qrcode` package as the console's TOTP enrolment). */
function useQrCode(text: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: 240, color: { dark: '#03160e', light: '#ffffff' } }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="share-field">
      <span className="share-field__label">{label}</span>
      <div className="share-field__row">
        <output className="share-field__value" data-testid={`${testId}-value`}>
          {value}
        </output>
        <button
          type="button"
          className="button button--gold button--small"
          onClick={() => void copyText(value)}
          data-testid={`${testId}-copy`}
        >
          {t('promo.share.copy')}
        </button>
      </div>
    </div>
  );
}

/** Invitees, commission per level and the commission still to receive, with its 'Receber' button. */
function Earnings({ rewards, onReceived }: { rewards: AgentRewards; onReceived: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const progress = rewards.progress;
  if (!progress) return null;
  const receive = async () => {
    setBusy(true);
    try {
      const done = await receiveBonus('commission');
      showToast(done.message);
      await refreshUserInfo({ loading: false });
      onReceived();
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="share-earnings">
      <h2 id="share-earnings" className="section-title">
        {t('promo.share.earningsTitle')}
      </h2>
      <ul className="share-levels">
        {progress.byLevel.map((level) => (
          <li key={level.level} className="share-level" data-testid={`share-level-${level.level}`}>
            <span className="share-level__name">{t('promo.share.levelName', { level: level.level })}</span>
            <strong className="share-level__count">{level.persons}</strong>
            <span className="share-level__label">{t('promo.share.invitees')}</span>
            <span className="muted">
              {t('promo.share.rate', { rate: formatPercent(rewards.commissionRates[level.level - 1] ?? 0) })}
            </span>
            <span className="share-level__profit">{formatMoney(level.profit)}</span>
          </li>
        ))}
      </ul>
      <div className="share-receive">
        <p>
          {t('promo.share.receivable')}{' '}
          <strong data-testid="share-receivable">{formatMoney(progress.commissionReceivable)}</strong>
          <span className="muted">
            {' '}
            · {t('promo.share.received', { amount: formatMoney(progress.commissionReceived) })}
          </span>
        </p>
        <button
          type="button"
          className="button button--gold"
          disabled={busy || progress.commissionReceivable <= 0}
          onClick={() => void receive()}
          data-testid="share-receive"
        >
          {t('promo.share.receive')}
        </button>
      </div>
      <p className="muted share-note">{t('promo.share.receiveNote')}</p>
    </section>
  );
}

/**
 * The referral table of spec 2 with real rows (spec 2 "Other" had only placeholders). Columns, from
 * `GET /api/app/user/referrals` (server/modules/promo/referrals.service.ts): Encontro = the date the
 * invitee joined; Total = all the invitee has deposited; Nível = 1, 2 or 3; Convidada = the invitee's
 * masked e-mail; Primeiro Depósito = their first deposit; Valor da aposta = what they wagered;
 * Lucros = the commission the player earned on those wagers at the level's rate.
 */
function ReferralTable() {
  const { t, i18n } = useTranslation();
  const locale = bcp47(i18n.language);
  const [level, setLevel] = useState<Level>(1);
  const [rows, setRows] = useState<ReferralRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const load = useCallback(async (which: Level, nextPage: number) => {
    setState('loading');
    try {
      const answer = await fetchReferrals(which, nextPage, PAGE_SIZE);
      setRows((previous) => (nextPage === 1 ? answer.list : [...previous, ...answer.list]));
      setTotal(answer.total);
      setPage(nextPage);
      setState('ready');
    } catch {
      setState('failed');
    }
  }, []);

  useEffect(() => {
    setRows([]);
    void load(level, 1);
  }, [level, load]);

  const columns = [
    t('promo.share.columns.joined'),
    t('promo.share.columns.total'),
    t('promo.share.columns.level'),
    t('promo.share.columns.invitee'),
    t('promo.share.columns.firstDeposit'),
    t('promo.share.columns.wagered'),
    t('promo.share.columns.profit'),
  ];

  return (
    <section className="panel" aria-labelledby="share-table">
      <h2 id="share-table" className="section-title">
        {t('promo.share.tableTitle')}
      </h2>
      <div className="tabs share-tabs" role="tablist" aria-label={t('promo.share.tableTitle')}>
        {LEVELS.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={level === l}
            className="tabs__tab"
            onClick={() => setLevel(l)}
            data-testid={`share-tab-${l}`}
          >
            {t('promo.share.levelName', { level: l })}
          </button>
        ))}
      </div>
      <ScrollTable labelledBy="share-table">
        <table className="share-table" data-testid="share-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${row.invitee}-${row.joinedAt}-${index}`} data-testid="share-row">
                <td>{formatDateTime(row.joinedAt, locale)}</td>
                <td>{formatMoney(row.totalDeposit)}</td>
                <td>{row.level}</td>
                <td data-testid="share-row-invitee">{row.invitee}</td>
                <td>{formatMoney(row.firstDeposit)}</td>
                <td>{formatMoney(row.wagered)}</td>
                <td className="share-table__profit">{formatMoney(row.profit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {state === 'ready' && rows.length === 0 && (
        <p className="share-empty" data-testid="share-empty">
          {t('promo.share.empty')}
        </p>
      )}
      {state === 'failed' && (
        <button type="button" className="link-button" onClick={() => void load(level, 1)}>
          {t('promo.common.retry')}
        </button>
      )}
      {state === 'ready' && rows.length < total && (
        <button
          type="button"
          className="button button--outline"
          onClick={() => void load(level, page + 1)}
          data-testid="share-more"
        >
          {t('promo.share.more')}
        </button>
      )}
    </section>
  );
}

/** `/share` (login required): the invite link and code with copy and a QR code, earnings and the table. */
export function SharePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const yqm = user?.yqm ?? '';
  const link = yqm ? inviteLink(yqm) : '';
  const qr = useQrCode(link || window.location.origin);
  const [rewards, setRewards] = useState<AgentRewards | null>(null);
  const loadRewards = useCallback(() => {
    fetchAgentRewards().then(setRewards, () => undefined);
  }, []);
  useEffect(loadRewards, [loadRewards]);

  return (
    <div className="promo-page" data-testid="page-share">
      <RoutePageHeading />
      <section className="panel share-invite" aria-labelledby="share-invite">
        <div className="share-invite__fields">
          <h2 id="share-invite" className="section-title">
            {t('promo.share.inviteTitle')}
          </h2>
          <p className="muted">{t('promo.share.inviteLead')}</p>
          {yqm && (
            <>
              <CopyField label={t('promo.share.link')} value={link} testId="share-link" />
              <CopyField label={t('promo.share.code')} value={yqm} testId="share-code" />
            </>
          )}
          <Link to="/agentJl" className="link-button">
            {t('promo.share.agentLink')}
          </Link>
        </div>
        {yqm && qr && (
          <figure className="share-qr">
            <img src={qr} alt={t('promo.share.qrAlt')} width={168} height={168} data-testid="share-qr" />
            <figcaption className="muted">{t('promo.share.qrCaption')}</figcaption>
          </figure>
        )}
      </section>
      {rewards && <Earnings rewards={rewards} onReceived={loadRewards} />}
      <ReferralTable />
    </div>
  );
}
