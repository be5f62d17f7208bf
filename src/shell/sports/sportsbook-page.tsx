import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isSportKey } from '../../../domain/sports/sports';
import { PageHeading } from '../pages/page-heading';
import { BetSlip } from './bet-slip';
import { FixtureRow } from './fixture-row';
import { SPORT_KEYS, type SportKey } from '../../../domain/sports/sports';
import { useFixtureList, useSports } from './use-sports-data';
import { CompetitionChips, SearchBox, sportParams, useSearchInAddress } from './finder';
import { isFavouriteFixture, useFavourites } from './favourites';
import { SuperOdds } from './super-odds';
import { useProgressive } from '../../lib/use-progressive';
import type { SportSummary } from '../../services/sports-api';
import './sports.css';

/** How many upcoming fixtures the home lists before "more" would be needed. */
const UPCOMING_SHOWN = 30;
/** Rows rendered before the first paint: more than a phone's screen holds. */
const FIRST_ROWS = 6;

/**
 * Tabs for the twelve sports, each with its live count. The page hands in the list of sports it
 * reads anyway (`useSports`): with one request at a time (spec 7), a second read of the same list
 * held the fixtures back by a round trip.
 */
export function SportTabs({
  sports,
  current,
  onPick,
}: {
  sports: readonly SportSummary[] | null;
  current: SportKey | null;
  onPick: (key: SportKey) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="sport-tabs" aria-label={t('sports.sportsNav')} data-testid="sport-tabs">
      {SPORT_KEYS.map((key) => {
        const live = sports?.find((s) => s.key === key)?.live ?? 0;
        return (
          <button
            key={key}
            type="button"
            className="sport-tab"
            aria-current={key === current ? 'page' : undefined}
            onClick={() => onPick(key)}
            data-testid={`sport-tab-${key}`}
          >
            <span>{t(`sports.${key}`)}</span>
            {live > 0 ? <span className="sport-tab__live">{live}</span> : null}
          </button>
        );
      })}
    </nav>
  );
}

/** `/footballPage`: the sportsbook home — a sport's live and upcoming fixtures with prices, and the slip. */
export function SportsbookPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('sport');
  const sport: SportKey = isSportKey(requested) ? requested : 'football';
  const q = params.get('q') ?? '';
  const competition = params.get('competition') ?? '';
  const favOnly = params.get('fav') === '1';
  const favourites = useFavourites();
  // The sports first: the tabs' live counts and the competitions' row are above the fixtures.
  const { data: sports, failed: sportsFailed } = useSports();
  const { data: listed, failed } = useFixtureList(sport, { q, competition });
  // "★ Favoritos" keeps the fixtures of the player's teams and competitions.
  const data =
    listed && favOnly && favourites ? listed.filter((f) => isFavouriteFixture(favourites, f)) : listed;
  const competitions = sports?.find((s) => s.key === sport)?.competitions ?? [];
  // The address keeps the sport, the search and the competition: a shared link opens the same list.
  const show = (next: { sport?: SportKey; q?: string; competition?: string }) => {
    const merged = { sport, q, competition, ...next };
    const out = sportParams(merged.sport);
    if (merged.q) out.q = merged.q;
    else if (merged.competition) out.competition = merged.competition;
    setParams(out);
  };
  // A search keeps the sport for when it is cleared, and drops the competition.
  const onSearch = useSearchInAddress(sport, setParams);
  const live = data?.filter((f) => f.live) ?? [];
  const upcoming = data?.filter((f) => !f.live && f.periodCode === 0).slice(0, UPCOMING_SHOWN) ?? [];
  // A phone's screen holds a few rows: those first, the rest once they are on screen.
  const liveShown = useProgressive(live, FIRST_ROWS);
  const upcomingShown = useProgressive(upcoming, Math.max(0, FIRST_ROWS - live.length));

  return (
    <article className="sportsbook" data-testid="page-footballPage">
      <div className="sportsbook__main">
        <div className="sportsbook__head">
          <PageHeading title={t('pages.footballPage.title')} lead={t('pages.footballPage.lead')} />
          <div className="sportsbook__links">
            <Link
              to="/sports/results"
              className="button button--ghost button--small"
              data-testid="results-link"
            >
              {t('sports.results.link')}
            </Link>
            <Link to="/sports/bets" className="button button--ghost button--small" data-testid="my-bets-link">
              {t('sports.myBets')}
            </Link>
          </div>
        </div>
        <SuperOdds />
        <SearchBox value={q} onSearch={onSearch} />
        <SportTabs
          sports={sports}
          current={q ? null : sport}
          onPick={(key) => show({ sport: key, q: '', competition: '' })}
        />
        {q ? (
          <p className="sports-search__note" data-testid="search-note">
            {t('sports.search.title', { q })}
          </p>
        ) : (
          <CompetitionChips
            competitions={competitions}
            pending={!sports && !sportsFailed}
            current={competition}
            onPick={(name) => show({ competition: name })}
            favourites={
              favourites
                ? {
                    on: favOnly,
                    onToggle: () => {
                      const out = sportParams(sport);
                      setParams(favOnly ? out : { ...out, fav: '1' });
                    },
                  }
                : undefined
            }
          />
        )}
        {failed && !data ? (
          <p className="callout">{t('sports.loadFailed')}</p>
        ) : !data ? (
          <p className="empty">{t('sports.loading')}</p>
        ) : q && data.length === 0 ? (
          <p className="empty" data-testid="search-empty">
            {t('sports.search.none', { q })}
          </p>
        ) : favOnly && data.length === 0 ? (
          <p className="empty" data-testid="favourites-empty">
            {t('sports.favourites.none')}
          </p>
        ) : (
          <>
            {/* A search shows its live matches when it has some; "none live" speaks of a sport. */}
            {q && live.length === 0 ? null : (
              <section className="fixture-section" aria-labelledby="sports-live" data-testid="live-section">
                <h2 id="sports-live" className="section-title">
                  <span className="live-dot">{t('sports.live')}</span> {t('sports.liveTitle')}
                  <span className="fixture-section__count">{live.length}</span>
                </h2>
                {live.length === 0 ? (
                  <p className="empty">{t('sports.noLive')}</p>
                ) : (
                  <ul className="fixture-list">
                    {liveShown.map((f) => (
                      <FixtureRow key={f.id} fixture={f} />
                    ))}
                  </ul>
                )}
              </section>
            )}
            <section
              className="fixture-section"
              aria-labelledby="sports-upcoming"
              data-testid="upcoming-section"
            >
              <h2 id="sports-upcoming" className="section-title">
                {t('sports.upcomingTitle')}
                <span className="fixture-section__count">{upcoming.length}</span>
              </h2>
              {upcoming.length === 0 ? (
                <p className="empty">{t('sports.noUpcoming')}</p>
              ) : (
                <ul className="fixture-list">
                  {upcomingShown.map((f) => (
                    <FixtureRow key={f.id} fixture={f} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
      <BetSlip />
    </article>
  );
}
