import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { maskPlayer } from '../../../../domain/players';
import {
  DOUBLE_COLORS,
  doubleColor,
  LUCKY_PICKS,
  luckyColors,
  type DoubleColor,
  type LuckyPick,
} from '../../../../domain/games/rules';
import { formatMoney } from '../../../lib/format';
import { dateTimeFormat } from '../../../lib/intl';
import { fetchGameRecordsPage, type GameRecord } from '../../../services/games-api';
import { onSocketEvent } from '../../../services/socket';
import { describeOutcome } from './fairness-panel';

/**
 * A colour game's row: what the player picked and what came out, both in words ("Verde · saiu 7
 * Verde"), where a bare "7" or "#5" left the player to work out whether the pick had won. Null for
 * the other games.
 */
function colourResult(record: GameRecord, t: TFunction): string | null {
  const params = (record.params ?? {}) as { pick?: unknown; color?: unknown };
  const outcome = (record.outcome ?? {}) as { result?: unknown; tile?: unknown };
  const luckyWord = (w: Exclude<LuckyPick, `${number}`>) => t(`games.luckyColor.picks.${w}`);
  const colourWord = (c: DoubleColor) => t(`gameHud.colors.${c}`);
  if (record.game === 'luckycolor') {
    const { pick } = params;
    if (!isOneOf(LUCKY_PICKS, pick)) return null;
    // A digit is its own name; a colour or a size is a word.
    const picked = /^\d$/.test(pick) ? pick : luckyWord(pick as Exclude<LuckyPick, `${number}`>);
    const digit = outcome.result;
    if (typeof digit !== 'number') return t('gameHud.pickPending', { pick: picked });
    return t('gameHud.pickAndDraw', {
      pick: picked,
      drawn: `${digit} ${luckyColors(digit).map(luckyWord).join('/')}`,
    });
  }
  if (record.game === 'double' || record.game === 'rowdouble') {
    const chosen = record.game === 'double' ? params.pick : params.color;
    const tile = record.game === 'double' ? outcome.result : outcome.tile;
    if (!isOneOf(DOUBLE_COLORS, chosen)) return null;
    if (typeof tile !== 'number') return t('gameHud.pickPending', { pick: colourWord(chosen) });
    return t('gameHud.pickAndDraw', {
      pick: colourWord(chosen),
      drawn: `${tile} ${colourWord(doubleColor(tile))}`,
    });
  }
  return null;
}

/** True when `value` is one of `list` (a record's params are JSON the server stored). */
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/**
 * A history row's result in words. A MINES game reads as the gems found and the mines laid (the
 * mines' positions are for the fairness check, not for a player's history); a colour game as the
 * pick and the draw; the others as their roll or multiplier.
 */
export function historyResult(record: GameRecord, t: TFunction): string {
  const o = record.outcome as { mines?: unknown; revealed?: unknown } | null | undefined;
  if (record.game === 'mines' && o && Array.isArray(o.mines) && Array.isArray(o.revealed)) {
    const gems = o.revealed.filter((tile) => !(o.mines as unknown[]).includes(tile)).length;
    return t('gameHud.minesResult', { count: gems, mines: o.mines.length });
  }
  return colourResult(record, t) ?? describeOutcome(record.outcome, record.game);
}

/** How many of the player's bets the list under a table shows. */
const RECENT_BETS_SHOWN = 15;

/** The player's latest bets in this game (server history), refreshed after each round. */
export function RecentBets(props: {
  /** The server's game key (`dice`, `rowdouble`, …). */
  gameKey: string;
  /** Changes after each settled round, which refreshes the list. */
  refreshKey: unknown;
  /**
   * While the table plays a round out: the server has settled it, but the list waits for the
   * scene, so it never shows a result the reel or the rocket has not yet.
   */
  concealed?: boolean;
  onVerify?: (record: GameRecord) => void;
}) {
  const { t } = useTranslation();
  const { gameKey, refreshKey, concealed = false, onVerify } = props;
  const [records, setRecords] = useState<GameRecord[] | null>(null);
  useEffect(() => {
    if (concealed) return;
    let current = true;
    // A short pause lets a burst of auto bets settle into one refresh.
    const timer = setTimeout(() => {
      // This game's bets, asked of the server: the latest 50 of every game, filtered here, left
      // the list empty for a player whose last 50 bets were at other tables.
      fetchGameRecordsPage(gameKey, 1, RECENT_BETS_SHOWN, { quiet: true })
        .then((page) => current && setRecords(page.list))
        .catch(() => undefined);
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [gameKey, refreshKey, concealed]);
  if (records === null) return null;
  if (records.length === 0) return <p className="hud-note">{t('gameHud.historyEmpty')}</p>;
  return (
    <table className="bet-table" data-testid="recent-bets">
      <thead>
        <tr>
          <th>{t('gameHud.columns.time')}</th>
          <th>{t('gameHud.columns.amount')}</th>
          <th>{t('gameHud.columns.result')}</th>
          <th>{t('gameHud.columns.payout')}</th>
          {onVerify && <th aria-label={t('gameHud.verifyBet')} />}
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <BetRow key={r.id} record={r} t={t} onVerify={onVerify} />
        ))}
      </tbody>
    </table>
  );
}

/** One bet under the table. A cancelled round gave the stake back: not a prize, and no result. */
function BetRow({
  record: r,
  t,
  onVerify,
}: {
  record: GameRecord;
  t: TFunction;
  onVerify?: (record: GameRecord) => void;
}) {
  const refunded = r.status === 'cancelled';
  return (
    <tr className={refunded ? 'is-refund' : r.payout > 0 ? 'is-win' : 'is-loss'}>
      <td>{dateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(r.createdAt))}</td>
      <td>{formatMoney(r.amount)}</td>
      <td>{refunded ? t('gameHud.refunded') : historyResult(r, t)}</td>
      <td>{r.payout > 0 ? formatMoney(r.payout) : '—'}</td>
      {onVerify && (
        <td>
          {r.fairness && (
            <button type="button" className="link-button" onClick={() => onVerify(r)}>
              {t('gameHud.verifyBet')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

interface FeedItem {
  id: number;
  game: string;
  player: string;
  amount: number;
  multiplier: number;
  payout: number;
}

let feedId = 0;

/**
 * The platform's live feed of settled bets (socket `bets.feed`), newest first. The server sends a
 * bet as it settles, before the table has played it: while `concealed`, the player's own bets of
 * `gameKey` are held back and join the feed once the round has played out, as the player's list
 * does (RecentBets), so the feed never tells a win the rocket or the reel has not shown yet. The
 * feed names players masked (`jo***@e***`); the player's own are those under their masked name.
 */
export function LiveFeed({
  limit = 15,
  gameKey,
  player = null,
  concealed = false,
}: {
  limit?: number;
  /** The server's key of the game on the table (`limbo`, `rowdouble`, …). */
  gameKey?: string;
  /** The player's account name (as `userInfo.username`), null when unknown. */
  player?: string | null;
  /** While the table plays a round out. */
  concealed?: boolean;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<FeedItem[]>([]);
  const [held, setHeld] = useState<FeedItem[]>([]);
  // Read by the socket listener, which is subscribed once.
  const table = useRef({ gameKey, own: player ? maskPlayer(player) : null, concealed });
  useEffect(() => {
    table.current = { gameKey, own: player ? maskPlayer(player) : null, concealed };
  }, [gameKey, player, concealed]);
  useEffect(
    () =>
      onSocketEvent('bets.feed', (bet) => {
        const item = { ...bet, id: ++feedId };
        const { gameKey: game, own, concealed: playing } = table.current;
        const mine = own !== null && bet.player === own && bet.game === game;
        if (playing && mine) setHeld((list) => [item, ...list].slice(0, limit));
        else setItems((list) => [item, ...list].slice(0, limit));
      }),
    [limit],
  );
  useEffect(() => {
    if (concealed || held.length === 0) return;
    setItems((list) => [...held, ...list].slice(0, limit));
    setHeld([]);
  }, [concealed, held, limit]);
  if (items.length === 0) return <p className="hud-note">{t('gameHud.feedEmpty')}</p>;
  return (
    <table className="bet-table" data-testid="live-feed">
      <thead>
        <tr>
          <th>{t('gameHud.columns.game')}</th>
          <th>{t('gameHud.columns.player')}</th>
          <th>{t('gameHud.columns.amount')}</th>
          <th>{t('gameHud.columns.multiplier')}</th>
          <th>{t('gameHud.columns.payout')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={item.payout > 0 ? 'is-win' : 'is-loss'}>
            <td>{item.game.toUpperCase()}</td>
            <td>{item.player}</td>
            <td>{formatMoney(item.amount)}</td>
            <td>{item.multiplier > 0 ? `${item.multiplier.toFixed(2).replace('.', ',')}×` : '—'}</td>
            <td>{item.payout > 0 ? formatMoney(item.payout) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
