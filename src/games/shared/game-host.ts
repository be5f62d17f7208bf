import type { ComponentType } from 'react';

/**
 * What the shell gives a game (src/shell/pages/game-page.tsx): the session balance and the two
 * balance hooks, so games never import the shell.
 */
export interface GameHostProps {
  /** The player's cash balance as the session knows it (null before it loads). */
  balance: number | null;
  /** The player's account name (`userInfo.username`; null before it loads): the live feed tells their own bets by it. */
  username: string | null;
  /** Shows the balance the server answered at the end of a round (header and table). */
  publishBalance: (balance: number) => void;
  /** Asks the server for the balance after a bet whose outcome is unknown. */
  refreshBalance: () => void;
}

/** What every game chunk (`src/games/<game>/<game>-game.tsx`) exports. */
export interface GameModule {
  Game: ComponentType<GameHostProps>;
}
