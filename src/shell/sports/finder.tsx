import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The address parameters of a sport's list: football is the default and goes unnamed. */
export const sportParams = (sport: string): Record<string, string> => (sport === 'football' ? {} : { sport });

/**
 * What a search does to a sports page's address: it keeps the sport for when it is cleared and
 * drops the competition.
 */
export function useSearchInAddress(sport: string, setParams: (params: Record<string, string>) => void) {
  return useCallback(
    (text: string) => {
      const out = sportParams(sport);
      setParams(text ? { ...out, q: text } : out);
    },
    [sport, setParams],
  );
}

/** The address of a sport's list (the sportsbook), football's by default. */
function sportsListPath(sport = 'football'): string {
  const query = new URLSearchParams(sportParams(sport)).toString();
  return query ? `/footballPage?${query}` : '/footballPage';
}

/** The sports pages' way back to a sport's list. */
export function BackToList({ sport }: { sport?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={sportsListPath(sport)} className="button button--ghost button--small">
      ‹ {t('sports.backToList')}
    </Link>
  );
}

/** Letters a search needs before it asks the server (the API refuses fewer). */
const SEARCH_MIN = 2;
/** How long typing may pause before the search runs. */
const SEARCH_PAUSE_MS = 300;

/**
 * The sportsbook's search: a team or a competition, any sport, accents optional (the server
 * compares as domain/sports/search.ts does). Reports the text once typing pauses; fewer than
 * two letters is no search at all.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const q = text.trim().length >= SEARCH_MIN ? text.trim() : '';
    if (q === value) return;
    const timer = setTimeout(() => onSearch(q), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="sports-search" role="search">
      <input
        type="search"
        className="sports-search__input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('sports.search.placeholder')}
        aria-label={t('sports.search.label')}
        maxLength={60}
        enterKeyHint="search"
        data-testid="sports-search"
      />
    </div>
  );
}

/**
 * A sport's competitions to browse: all of them, or one. While the list of competitions is on its
 * way (`pending`) the row keeps its place, empty: the fixtures often arrive first, and the row
 * appearing above them pushed the whole list down (a layout shift Lighthouse saw on
 * /footballPage).
 */
export function CompetitionChips({
  competitions,
  current,
  onPick,
  favourites,
  pending = false,
}: {
  competitions: readonly string[];
  current: string;
  onPick: (competition: string) => void;
  /** A signed-in player's "★ Favoritos", first: their teams and competitions only. */
  favourites?: { on: boolean; onToggle: () => void };
  pending?: boolean;
}) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <div className="chips" aria-hidden="true" data-testid="competition-chips-pending">
        <span className="chip chip--placeholder">&nbsp;</span>
      </div>
    );
  }
  if (competitions.length < 2 && !favourites) return null;
  return (
    <nav className="chips" aria-label={t('sports.competitions.label')} data-testid="competition-chips">
      {favourites ? (
        <button
          type="button"
          className="chip"
          aria-pressed={favourites.on}
          onClick={favourites.onToggle}
          data-testid="favourites-chip"
        >
          <span aria-hidden="true">★</span> {t('sports.favourites.chip')}
        </button>
      ) : null}
      {['', ...competitions].map((name) => (
        <button
          key={name || 'all'}
          type="button"
          className="chip"
          aria-pressed={!favourites?.on && current === name}
          onClick={() => onPick(name)}
        >
          {name || t('sports.competitions.all')}
        </button>
      ))}
    </nav>
  );
}
