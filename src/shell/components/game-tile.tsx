import { useTranslation } from 'react-i18next';
import { GAMES } from '../../../domain/codes';
import { navigateTo } from '../app/navigation';
import { openOverlay } from '../app/overlay-store';
import { sessionStore } from '../app/session';

type Game = (typeof GAMES)[number];

/**
 * Spec 2: a game opens the route named after its gameType with the game record as query; a visitor
 * gets the login panel instead.
 */
export function openGame(game: Game): void {
  if (!sessionStore.get().token) {
    openOverlay('login');
    return;
  }
  const query = new URLSearchParams({
    glId: String(game.glId),
    gameCode: game.gameCode,
    gameNameEn: game.gameNameEn,
    gameType: game.gameType,
    productCode: 'SELF',
  });
  navigateTo(`/${game.gameType}?${query.toString()}`);
}

/**
 * A game's artwork and name as one button: a tile, or a compact row (`strip`: a small icon beside
 * the name) where the six games are a shortcut rather than the page's gallery.
 */
export function GameTile({
  game,
  testIdPrefix,
  variant = 'tile',
}: {
  game: Game;
  testIdPrefix: string;
  variant?: 'tile' | 'strip';
}) {
  const { t } = useTranslation();
  const name = t(`games.${game.gameType}.name`);
  const strip = variant === 'strip';
  return (
    <button
      type="button"
      className={`game-tile game-tile--${variant}`}
      onClick={() => openGame(game)}
      aria-label={t('games.open', { name })}
      data-testid={`${testIdPrefix}-${game.gameType}`}
    >
      <img
        className="game-tile__art"
        src={`/games/${game.gameType}.svg`}
        alt=""
        width={strip ? 28 : 96}
        height={strip ? 28 : 96}
        loading="lazy"
      />
      <span className="game-tile__name">{name}</span>
    </button>
  );
}

/**
 * The six games: home's gallery of tiles, or the footer's compact strip (spec 2 lists the six
 * games in the footer of every page; on home, above it, the gallery already shows them large, so
 * the footer's are a row of shortcuts, not a second gallery).
 */
export function GameGrid({
  testIdPrefix,
  variant = 'tile',
}: {
  testIdPrefix: string;
  variant?: 'tile' | 'strip';
}) {
  return (
    <ul className={variant === 'strip' ? 'game-strip' : 'game-grid'} data-testid={`${testIdPrefix}s`}>
      {GAMES.map((game) => (
        <li key={game.gameType}>
          <GameTile game={game} testIdPrefix={testIdPrefix} variant={variant} />
        </li>
      ))}
    </ul>
  );
}
