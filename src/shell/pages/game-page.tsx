import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useSearchParams } from 'react-router-dom';
import { GAMES, type GameType } from '../../../domain/codes';
import { GameView, hasGame } from '../../games';
import { emitSocket, isSocketLive } from '../../services/socket';
import { fetchBalance } from '../../services/user-api';
import { stopGameInPlay } from '../../services/mines-api';
import { openOverlay } from '../app/overlay-store';
import { patchUserInfo, refreshUserInfo, useToken, useUserInfo } from '../app/session';
import { GameGrid } from '../components/game-tile';
import { PageHeading, RoutePageHeading } from './page-heading';

export interface GameHandle {
  game?: GameType;
}

function findGame(type: string | null | undefined) {
  return GAMES.find((g) => g.gameType === type);
}

/** The game a route shows: its own (`/dice`) or `?game=` on `/play`. */
function useRouteGame() {
  const matches = useMatches();
  const [params] = useSearchParams();
  const own = (matches[matches.length - 1]?.handle as GameHandle | undefined)?.game;
  return findGame(own ?? params.get('game'));
}

const publishBalance = (balance: number) => patchUserInfo({ balance });
const refreshBalance = () => {
  fetchBalance()
    .then(patchUserInfo)
    .catch(() => undefined);
};

/**
 * A game route: the game's table (src/games, loaded on demand) or its art while it has none yet.
 * Spec 4: leaving a game while the socket is live sends `offGame` with the game code. Spec 7.18:
 * leaving a game ends the game in play (`stopGame`: an open MINES board is cashed out at what it
 * has revealed), then user info is refreshed, so the header shows the money back at once. A
 * reload is not a leave: the table resumes the open game from `inPlay`.
 */
export function GamePage() {
  const { t } = useTranslation();
  const game = useRouteGame();
  const userInfo = useUserInfo();
  const balance = userInfo?.balance ?? null;
  const token = useToken();
  const gameCode = game?.gameCode;

  useEffect(() => {
    if (!gameCode) return;
    return () => {
      if (isSocketLive()) emitSocket('offGame', { gameCode });
      if (!token) return;
      stopGameInPlay()
        .then(() => refreshUserInfo({ loading: false }))
        .catch(() => undefined);
    };
  }, [gameCode, token]);

  if (!game) {
    return (
      <article className="panel" data-testid="page-play">
        <RoutePageHeading />
        <GameGrid testIdPrefix="play-game" />
      </article>
    );
  }
  const name = t(`games.${game.gameType}.name`);
  // A table talks to the player's wallet from its first moment, so a visitor sees the game and a
  // way in instead of calls the server must refuse.
  if (hasGame(game.gameType) && token) {
    return (
      <article className="panel panel--game" data-testid={`page-${game.gameType}`}>
        <PageHeading title={name} />
        <section aria-label={t('games.stage', { name })} data-testid="game-stage">
          <GameView
            gameType={game.gameType}
            balance={balance}
            username={userInfo?.username ?? null}
            publishBalance={publishBalance}
            refreshBalance={refreshBalance}
          />
        </section>
      </article>
    );
  }
  return (
    <article className="panel" data-testid={`page-${game.gameType}`}>
      <PageHeading title={name} lead={t(`games.${game.gameType}.lead`)} />
      <section className="stage" aria-label={t('games.stage', { name })} data-testid="game-stage">
        <img className="stage__art" src={`/games/${game.gameType}.svg`} alt="" width={160} height={160} />
        {!token && (
          <button
            type="button"
            className="button button--gold"
            onClick={() => openOverlay('login')}
            data-testid="game-login"
          >
            {t('games.loginToPlay')}
          </button>
        )}
      </section>
    </article>
  );
}
