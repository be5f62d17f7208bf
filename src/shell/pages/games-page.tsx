import { useGameList } from '../../services/game-list';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { GAMES, type GameType } from '../../../domain/codes';
import { formatMoney } from '../../lib/format';
import type { GameEntry } from '../../services/games-api';
import { useToken } from '../app/session';
import { GameTile } from '../components/game-tile';
import { BallIcon } from '../components/icons';
import { RoutePageHeading } from './page-heading';
import '../home/games-groups.css';

/**
 * The groups of `/gameGroupList`: instant games settle the moment the bet is made (one player, one
 * provably fair roll); round games share a timed round with every player at the table.
 */
export const GAME_GROUPS = [
  { key: 'instant', games: ['dice', 'limbo', 'mines', 'rowDouble'] },
  { key: 'rounds', games: ['double', 'luckyColor'] },
] as const satisfies ReadonlyArray<{ key: string; games: readonly GameType[] }>;

export type GameGroupKey = (typeof GAME_GROUPS)[number]['key'];

function isGroup(value: string | null): value is GameGroupKey {
  return GAME_GROUPS.some((g) => g.key === value);
}

/** A game's card: the tile, RTP and limits from the server, paused state, history link. */
function GameCard({ type, entry }: { type: GameType; entry: GameEntry | undefined }) {
  const { t, i18n } = useTranslation();
  const token = useToken();
  const game = GAMES.find((g) => g.gameType === type)!;
  return (
    <li className="group-game" data-testid={`group-game-${type}`}>
      <GameTile game={game} testIdPrefix="list-game" />
      <div className="group-game__facts">
        <p className="group-game__lead">{t(`games.${type}.lead`)}</p>
        {entry && (
          <p className="group-game__meta">
            {entry.stop ? (
              <span className="badge" data-testid="group-game-paused">
                {t('gameList.paused')}
              </span>
            ) : (
              <span>
                {t('gameList.rtp', {
                  rtp: entry.rtp.toLocaleString(i18n.language.replace('_', '-'), {
                    maximumFractionDigits: 2,
                  }),
                })}
              </span>
            )}
            <span>
              {t('gameList.limits', { min: formatMoney(entry.minBet), max: formatMoney(entry.maxBet) })}
            </span>
          </p>
        )}
        {token && (
          <Link
            className="link-button"
            to={`/gameMess?game=${game.key}`}
            data-testid={`group-history-${type}`}
          >
            {t('gameList.history')}
          </Link>
        )}
      </div>
    </li>
  );
}

/** `/gameGroupList`: the games by group (instant, live rounds) and the sportsbook, `?group=` filters. */
export function GamesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('group');
  const group = isGroup(requested) ? requested : null;
  const entries = useGameList();
  const shown = GAME_GROUPS.filter((g) => group === null || g.key === group);
  const choose = (key: GameGroupKey | null) => setParams(key ? { group: key } : {}, { replace: true });

  return (
    <article className="panel" data-testid="page-gameGroupList">
      <RoutePageHeading />
      <div className="group-tabs" role="group" aria-label={t('gameList.filter')}>
        <button
          type="button"
          className={`group-tab${group === null ? ' group-tab--on' : ''}`}
          aria-pressed={group === null}
          onClick={() => choose(null)}
          data-testid="group-all"
        >
          {t('gameList.all')}
        </button>
        {GAME_GROUPS.map((g) => (
          <button
            key={g.key}
            type="button"
            className={`group-tab${group === g.key ? ' group-tab--on' : ''}`}
            aria-pressed={group === g.key}
            onClick={() => choose(g.key)}
            data-testid={`group-${g.key}`}
          >
            {t(`gameList.${g.key}.title`)}
          </button>
        ))}
      </div>
      {shown.map((g) => (
        <section key={g.key} className="game-group" aria-labelledby={`group-${g.key}-title`}>
          <h2 id={`group-${g.key}-title`} className="section-title">
            {t(`gameList.${g.key}.title`)}
          </h2>
          <p className="muted">{t(`gameList.${g.key}.lead`)}</p>
          <ul className="game-group__list" data-testid={`group-list-${g.key}`}>
            {g.games.map((type) => (
              <GameCard key={type} type={type} entry={entries.find((e) => e.gameType === type)} />
            ))}
          </ul>
        </section>
      ))}
      {group === null && (
        <section className="game-group" aria-labelledby="group-sports-title">
          <h2 id="group-sports-title" className="section-title">
            {t('gameList.sports.title')}
          </h2>
          <p className="muted">{t('gameList.sports.lead')}</p>
          <Link to="/footballPage" className="button button--ghost" data-testid="group-sports-link">
            <BallIcon /> {t('home.sportsCta')}
          </Link>
        </section>
      )}
    </article>
  );
}
