import { GameGrid } from '../components/game-tile';
import { RoutePageHeading } from './page-heading';

/** `/gameGroupList`: every Trevo game. */
export function GamesPage() {
  return (
    <article className="panel" data-testid="page-gameGroupList">
      <RoutePageHeading />
      <GameGrid testIdPrefix="list-game" />
    </article>
  );
}
