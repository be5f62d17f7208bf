import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SportsFixture } from '../../services/sports-api';
import { navigateTo } from '../app/navigation';
import { BallIcon } from '../components/icons';
import { FixtureRow } from '../sports/fixture-row';
import { SPORT_KEYS } from '../../../domain/sports/sports';
import { useFixtureList } from '../sports/use-sports-data';
import '../sports/sports.css';

/** How many fixtures home shows. */
export const HIGHLIGHT_COUNT = 4;

/** Live fixtures first, then the next to start; only those with a price open for betting. */
export function pickHighlights(list: SportsFixture[], count = HIGHLIGHT_COUNT): SportsFixture[] {
  // A fixture whose prices are all locked (bet stop, a match about to end) is no highlight.
  const priced = list.filter(
    (f) =>
      !f.suspended &&
      f.periodCode >= 0 &&
      f.main?.status === 1 &&
      f.main.outcomes.some((o) => o.active && o.odds !== null),
  );
  const live = priced.filter((f) => f.live);
  const next = priced.filter((f) => !f.live && f.periodCode === 0);
  return [...live, ...next].slice(0, count);
}

/**
 * Home's sports highlights: a few football fixtures with their winner market, the same list hook
 * and rows as the sportsbook (re-read on a period, prices pushed by `sports.odds` when a socket is
 * up). A price taken here goes on the slip and opens the sportsbook, where the slip is.
 */
export function SportsHighlights() {
  const { t } = useTranslation();
  const { data, failed } = useFixtureList('football');
  const shown = data ? pickHighlights(data) : [];
  const onPick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const odds = target.closest('[data-testid="odds-button"]');
    if (odds && !(odds as HTMLButtonElement).disabled) navigateTo('/footballPage');
  };
  return (
    <section className="panel home-sports" aria-labelledby="home-sports">
      <div className="section-head">
        <h2 id="home-sports" className="section-title">
          {t('home.sportsTitle')}
        </h2>
        <Link to="/footballPage" className="link-button" data-testid="home-sports-link">
          {t('home.sportsCta')}
        </Link>
      </div>
      {data === null ? (
        <p className="muted">{failed ? t('sports.loadFailed') : t('sports.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="muted" data-testid="home-sports-empty">
          {t('home.sportsEmpty')}
        </p>
      ) : (
        // The rows' price buttons handle the slip; the click then bubbles here.
        <ul className="fixture-list" onClick={onPick} data-testid="home-sports-list">
          {shown.map((fixture) => (
            <FixtureRow key={fixture.id} fixture={fixture} />
          ))}
        </ul>
      )}
      <ul className="sport-strip">
        {SPORT_KEYS.slice(0, 6).map((key) => (
          <li key={key}>
            <Link to={`/footballPage?sport=${key}`} className="sport-chip">
              <BallIcon />
              <span>{t(`sports.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
