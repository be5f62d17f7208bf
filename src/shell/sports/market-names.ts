import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { fixtureTitle } from '../../../domain/sports/labels';
import i18n from '../../lib/i18n';

/**
 * Market, group and selection names in the player's language. The server names markets in pt-BR
 * (domain/sports/market-labels.ts, also stored with each bet) and sends each market's id beside the
 * name: in pt-BR the page shows the server's names as they are; in another language it builds
 * them from the ids (player-market-names.ts), a chunk fetched the first time a page needs it, which
 * waits for it (Suspense) rather than show Portuguese names to a player who chose English.
 */

type Teams = { home: string; away: string };

export interface MarketNamer {
  /** A market's name ("1st half - Total goals 1,5"); `market.name` is the server's, in pt-BR. */
  market(market: { id: string; name: string }, sport?: string, teams?: Teams): string;
  /** The heading a market is listed under on the fixture page. */
  group(market: { id: string; group: string }, sport?: string): string;
  /** A selection's name: its words in the player's language; a team, a driver, a score as sent. */
  outcome(marketId: string, outcome: { id: string; name: string }): string;
}

/** pt-BR: the server's names. */
export const serverMarketNames: MarketNamer = {
  market: (market) => market.name,
  group: (market) => market.group,
  outcome: (_marketId, outcome) => outcome.name,
};

let built: Promise<MarketNamer> | undefined;
let failed = false;

/**
 * The other languages' namer, fetched the first time a page needs it. A failed fetch leaves the
 * server's names until the language changes again (then it is tried again), rather than
 * suspending the page over and over.
 */
function loadBuilt(): Promise<MarketNamer> {
  built ??= import('./player-market-names').then(
    (module) => module.playerMarketNames,
    () => {
      failed = true;
      return serverMarketNames;
    },
  );
  return built;
}

i18n.on('languageChanged', () => {
  if (failed) [built, failed] = [undefined, false];
});

/** The names for the player's language; suspends the first time another language needs them. */
export function useMarketNames(): MarketNamer {
  const { i18n: current } = useTranslation();
  return current.language === 'pt_BR' ? serverMarketNames : use(loadBuilt());
}

/** A fixture's two sides from its title ("Flamengo x Palmeiras"), for a team's own market. */
export function teamsOfTitle(title: string): Teams | undefined {
  const [home, away, ...rest] = title.split(' x ');
  return home && away && rest.length === 0 && fixtureTitle({ home, away }) === title
    ? { home, away }
    : undefined;
}
