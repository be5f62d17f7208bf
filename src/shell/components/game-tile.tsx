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

/** A game's artwork and name as one button. */
export function GameTile({
  game,
  testIdPrefix,
  size = 'md',
}: {
  game: Game;
  testIdPrefix: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const name = t(`games.${game.gameType}.name`);
  return (
    <button
      type="button"
      className={`game-tile game-tile--${size}`}
      onClick={() => openGame(game)}
      aria-label={t('games.open', { name })}
      data-testid={`${testIdPrefix}-${game.gameType}`}
    >
      <img
        className="game-tile__art"
        src={`/games/${game.gameType}.svg`}
        alt=""
        width={96}
        height={96}
        loading="lazy"
      />
      <span className="game-tile__name">{name}</span>
    </button>
  );
}

/** The six games as a grid. */
export function GameGrid({ testIdPrefix, size }: { testIdPrefix: string; size?: 'sm' | 'md' }) {
  return (
    <ul className={`game-grid game-grid--${size ?? 'md'}`}>
      {GAMES.map((game) => (
        <li key={game.gameType}>
          <GameTile game={game} testIdPrefix={testIdPrefix} size={size} />
        </li>
      ))}
    </ul>
  );
}
