import { useGameList } from '../../services/game-list';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { gameByAnyName, GAMES, type Game } from '../../../domain/codes';
import { formatMoney } from '../../lib/format';
import { bcp47 } from '../../lib/i18n';
import { fetchGameRecordsPage, type GameRecord } from '../../services/games-api';
import { MessRow } from './game-record-row';
import { openGame } from '../components/game-tile';
import { RoutePageHeading } from './page-heading';
import '../home/games-groups.css';

/** Bets per page of the history. */
export const MESS_PAGE_SIZE = 15;

/**
 * The game the query names: `?game=` with the API name (`dice`, `rowdouble`) or the route type
 * (`rowDouble`), or the game record a game route carries (`gameType`, `gameCode`, `glId`).
 */
export function gameOfQuery(params: URLSearchParams): Game | null {
  const name = params.get('game') ?? params.get('gameType') ?? params.get('gameNameEn') ?? '';
  const code = params.get('gameCode');
  const glId = params.get('glId');
  return (
    gameByAnyName(name) ??
    GAMES.find((g) => (code !== null && g.gameCode === code) || (glId !== null && String(g.glId) === glId)) ??
    null
  );
}

/**
 * `/gameMess` (login required, spec 2): the messages of the player's games — every bet with its
 * result and fairness data, for the game the query names (or all), with that game's rules, RTP and
 * limits from the server. `?game=` switches game.
 */
export function GameMessagesPage() {
  const { t, i18n } = useTranslation();
  const locale = bcp47(i18n.language);
  const [params, setParams] = useSearchParams();
  const game = gameOfQuery(params);
  const gameKey = game?.key ?? null;
  const entries = useGameList();
  const [records, setRecords] = useState<{ key: string | null; list: GameRecord[]; total: number } | null>(
    null,
  );
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => setPage(1), [gameKey]);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    fetchGameRecordsPage(gameKey, page, MESS_PAGE_SIZE).then(
      (next) => {
        if (!alive) return;
        setRecords((current) =>
          page > 1 && current?.key === gameKey
            ? { key: gameKey, list: [...current.list, ...next.list], total: next.total }
            : { key: gameKey, list: next.list, total: next.total },
        );
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [gameKey, page]);

  const entry = game ? entries.find((e) => e.gameCode === game.gameCode) : undefined;
  const current = records && records.key === gameKey ? records : null;

  return (
    <article className="panel" data-testid="page-gameMess">
      <RoutePageHeading />
      <div className="group-tabs" role="group" aria-label={t('gameMess.choose')}>
        <button
          type="button"
          className={`group-tab${game === null ? ' group-tab--on' : ''}`}
          aria-pressed={game === null}
          onClick={() => setParams({}, { replace: true })}
          data-testid="mess-tab-all"
        >
          {t('gameList.all')}
        </button>
        {GAMES.map((g) => (
          <button
            key={g.gameType}
            type="button"
            className={`group-tab${game?.gameType === g.gameType ? ' group-tab--on' : ''}`}
            aria-pressed={game?.gameType === g.gameType}
            onClick={() => setParams({ game: g.key }, { replace: true })}
            data-testid={`mess-tab-${g.gameType}`}
          >
            {t(`games.${g.gameType}.name`)}
          </button>
        ))}
      </div>

      {game && (
        <section aria-labelledby="mess-game-title">
          <div className="game-mess__head">
            <img src={`/games/${game.gameType}.svg`} alt="" width={72} height={72} />
            <div>
              <h2 id="mess-game-title" className="section-title" data-testid="mess-game-title">
                {t(`games.${game.gameType}.name`)}
              </h2>
              <p className="muted">{t(`games.${game.gameType}.lead`)}</p>
              {entry && (
                <p className="group-game__meta">
                  <span>
                    {t('gameList.rtp', {
                      rtp: entry.rtp.toLocaleString(locale, { maximumFractionDigits: 2 }),
                    })}
                  </span>
                  <span>
                    {t('gameList.limits', { min: formatMoney(entry.minBet), max: formatMoney(entry.maxBet) })}
                  </span>
                  <span>{t('gameMess.maxPayout', { amount: formatMoney(entry.maxPayout) })}</span>
                </p>
              )}
            </div>
          </div>
          <div className="button-row">
            <button
              type="button"
              className="button button--gold button--small"
              onClick={() => openGame(game)}
              disabled={entry?.stop === true}
              data-testid="mess-play"
            >
              {entry?.stop ? t('gameList.paused') : t('gameMess.play')}
            </button>
          </div>
          <details className="game-mess__rules">
            <summary>{t('gameMess.rules')}</summary>
            <p>{t(`games.${game.gameType}.rules`)}</p>
          </details>
        </section>
      )}

      <section aria-labelledby="mess-list-title">
        <h2 id="mess-list-title" className="section-title">
          {t('gameMess.listTitle')}
        </h2>
        {failed && !current ? (
          <p className="muted">{t('wallet.loadFailed')}</p>
        ) : !current ? (
          <p className="muted">{t('common.loading')}</p>
        ) : current.list.length === 0 ? (
          <p className="empty" data-testid="mess-empty">
            {t('gameMess.empty')}
          </p>
        ) : (
          <>
            <ul className="mess-list" data-testid="mess-list">
              {current.list.map((record) => (
                <MessRow key={record.id} record={record} locale={locale} />
              ))}
            </ul>
            {current.list.length < current.total && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setPage((p) => p + 1)}
                data-testid="mess-more"
              >
                {t('gameMess.more')}
              </button>
            )}
          </>
        )}
      </section>
    </article>
  );
}
