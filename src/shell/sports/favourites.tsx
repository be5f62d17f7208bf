import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../../lib/store';
import {
  fetchFavourites,
  saveFavourite,
  type FavouriteKind,
  type Favourites,
  type SportsFixture,
} from '../../services/sports-api';
import { useToken } from '../app/session';
import { isRaceFixture } from '../../../domain/sports/labels';

/**
 * A player's favourite teams and competitions (issue 16): kept on the server, read once a
 * session, changed by a star. A visitor has none.
 */
const favouritesStore = createStore<Favourites | null>(null);

/** The signed-in player's favourites (null for a visitor, or until they arrive). */
export function useFavourites(): Favourites | null {
  const token = useToken();
  const favourites = useStore(favouritesStore, (f) => f);
  useEffect(() => {
    if (!token) {
      favouritesStore.set(null);
      return;
    }
    let alive = true;
    fetchFavourites()
      .then((f) => alive && favouritesStore.set(f))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [token]);
  return token ? favourites : null;
}

/** Whether a fixture involves one of the favourites. */
export function isFavouriteFixture(
  favourites: Favourites,
  fixture: Pick<SportsFixture, 'home' | 'away' | 'competition'>,
): boolean {
  return (
    favourites.teams.includes(fixture.home) ||
    favourites.teams.includes(fixture.away) ||
    favourites.competitions.includes(fixture.competition)
  );
}

/** A star that marks or unmarks a team or a competition; the server's answer is what shows. */
function Star({ kind, name, favourites }: { kind: FavouriteKind; name: string; favourites: Favourites }) {
  const { t } = useTranslation();
  const on = (kind === 'team' ? favourites.teams : favourites.competitions).includes(name);
  const toggle = () => {
    // Shown at once; the answer (or a refusal, with its message) sets it right.
    const flip = (list: string[]) => (on ? list.filter((n) => n !== name) : [...list, name]);
    favouritesStore.set(
      kind === 'team'
        ? { ...favourites, teams: flip(favourites.teams) }
        : { ...favourites, competitions: flip(favourites.competitions) },
    );
    saveFavourite(kind, name, !on)
      .then((f) => favouritesStore.set(f))
      .catch(() => favouritesStore.set(favourites));
  };
  return (
    <button
      type="button"
      className="chip favourite-star"
      aria-pressed={on}
      onClick={toggle}
      title={t(on ? 'sports.favourites.remove' : 'sports.favourites.add', { name })}
      data-testid={`favourite-${kind}`}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {name}
    </button>
  );
}

/**
 * The fixture page's stars: both teams and the competition (a race's, the competition alone: its
 * name is no team's). Nothing for a visitor.
 */
export function FavouriteStars({
  fixture,
}: {
  fixture: Pick<SportsFixture, 'home' | 'away' | 'competition'>;
}) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  if (!favourites) return null;
  return (
    <nav
      className="chips favourite-stars"
      aria-label={t('sports.favourites.label')}
      data-testid="favourite-stars"
    >
      {isRaceFixture(fixture) ? null : (
        <>
          <Star kind="team" name={fixture.home} favourites={favourites} />
          <Star kind="team" name={fixture.away} favourites={favourites} />
        </>
      )}
      <Star kind="competition" name={fixture.competition} favourites={favourites} />
    </nav>
  );
}
