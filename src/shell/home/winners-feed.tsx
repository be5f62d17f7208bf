import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameByKey } from '../../../domain/codes';
import { formatMoney, formatMultiplier } from '../../lib/format';
import { bcp47 } from '../../lib/i18n';
import { onSocketEvent, type ServerEvents } from '../../services/socket';
import { useToken } from '../app/session';
import { fetchRecentWinners, type RecentWinner } from './home-api';
import './home.css';

/** How many wins the feed shows. */
export const FEED_SIZE = 8;
/** How often a visitor's feed (no socket) is read again. */
export const VISITOR_REFRESH_MS = 15_000;

export interface FeedEntry {
  key: string;
  game: string;
  player: string;
  amount: number;
  multiplier: number;
  payout: number;
}

let pushed = 0;

/** A `bets.feed` push as a feed entry, or null when the bet paid nothing (the feed shows winners). */
export function entryOfPush(push: ServerEvents['bets.feed']): FeedEntry | null {
  if (!(push.payout > 0)) return null;
  pushed += 1;
  return { key: `push-${pushed}`, ...push };
}

function entryOfWinner(w: RecentWinner): FeedEntry {
  return {
    key: w.id,
    game: w.game,
    player: w.player,
    amount: w.amount,
    multiplier: w.multiplier,
    payout: w.payout,
  };
}

/**
 * Home's live winners feed: the latest paid bets from the server, then every winning `bets.feed`
 * push on top while the player's socket is up. A visitor has no socket: the list is read again
 * every VISITOR_REFRESH_MS instead.
 */
export function WinnersFeed() {
  const { t, i18n } = useTranslation();
  const token = useToken();
  const [entries, setEntries] = useState<FeedEntry[] | null>(null);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      fetchRecentWinners()
        .then((list) => {
          if (!alive) return;
          // Pushes that arrived meanwhile stay on top of a fresh read.
          setEntries((current) => {
            const fresh = list.map(entryOfWinner);
            const pushes = (current ?? []).filter((e) => e.key.startsWith('push-'));
            return [...(token ? pushes : []), ...fresh].slice(0, FEED_SIZE);
          });
        })
        .catch(() => {
          if (alive) setEntries((current) => current ?? []);
        })
        .finally(() => {
          if (alive && !token) timer = setTimeout(load, VISITOR_REFRESH_MS);
        });
    };
    load();
    const off = onSocketEvent('bets.feed', (push) => {
      const entry = entryOfPush(push);
      if (entry) setEntries((current) => [entry, ...(current ?? [])].slice(0, FEED_SIZE));
    });
    return () => {
      alive = false;
      clearTimeout(timer);
      off();
    };
  }, [token]);

  return (
    <section className="panel winners" aria-labelledby="home-winners">
      <div className="section-head">
        <h2 id="home-winners" className="section-title">
          <span className="winners__pulse" aria-hidden="true" />
          {t('home.winnersTitle')}
        </h2>
      </div>
      {entries === null ? (
        <p className="muted">{t('common.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="muted" data-testid="winners-empty">
          {t('home.winnersEmpty')}
        </p>
      ) : (
        <ul className="winners__list" aria-live="polite" data-testid="winners-feed">
          {entries.map((entry) => {
            const game = gameByKey(entry.game);
            return (
              <li key={entry.key} className="winner" data-testid="winner-entry" data-game={entry.game}>
                {game ? (
                  <img
                    className="winner__art"
                    src={`/games/${game.gameType}.svg`}
                    alt=""
                    width={36}
                    height={36}
                  />
                ) : (
                  <span className="winner__art" />
                )}
                <span className="winner__who">
                  <strong className="winner__player">{entry.player}</strong>
                  <span className="winner__game">
                    {game ? t(`games.${game.gameType}.name`) : entry.game.toUpperCase()} ·{' '}
                    {t('home.winnersBet', { amount: formatMoney(entry.amount) })}
                  </span>
                </span>
                <span className="winner__prize">
                  <strong data-testid="winner-payout">{formatMoney(entry.payout)}</strong>
                  <span className="winner__mult">
                    {formatMultiplier(entry.multiplier, bcp47(i18n.language))}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
