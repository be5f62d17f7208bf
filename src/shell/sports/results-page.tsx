import { useTranslation } from 'react-i18next';
import { formatDayMonth, formatTime } from '../../lib/format';
import { useSearchParams } from 'react-router-dom';
import { MatchTime } from '../../../domain/codes';
import { isSportKey, type SportKey } from '../../../domain/sports/sports';
import { isRaceFixture } from '../../../domain/sports/labels';
import i18n, { bcp47 } from '../../lib/i18n';
import type { SportsResult } from '../../services/sports-api';
import { PageHeading } from '../pages/page-heading';
import { BackToList, SearchBox, sportParams, useSearchInAddress } from './finder';
import { SportTabs } from './sportsbook-page';
import { useResults, useSports } from './use-sports-data';
import './sports.css';

/** How a finished fixture ended, in words: over, cancelled, or stopped for good. */
function endWord(status: number): 'finished' | 'cancelled' | 'abandoned' {
  if (status === MatchTime.cancelled) return 'cancelled';
  if (status === MatchTime.cutInHalf) return 'abandoned';
  return 'finished';
}

/**
 * One result: when, the sides with their final score, the first half (or set), how it ended; a
 * race, its name and its winner.
 */
function ResultRow({ result }: { result: SportsResult }) {
  const { t } = useTranslation();
  const locale = bcp47(i18n.language);
  const at = new Date(result.startsAt);
  // Day and time on lines of their own, as the fixture lists: "Dec 6 11:45 PM" on one line ran
  // into the team names in English.
  const day = formatDayMonth(at, locale);
  const time = formatTime(at, locale);
  const end = endWord(result.status);
  const first = result.firstPeriod;
  return (
    <li className="fixture result-row" data-testid="result-row" data-id={result.id}>
      <div className="fixture__link">
        <span className="fixture-when">
          <span>{day}</span>
          <span>{time}</span>
          <small className={`result-row__end result-row__end--${end}`}>{t(`sports.results.${end}`)}</small>
        </span>
        <span className="fixture__teams">
          <span className="fixture__team">
            <span>{result.home}</span>
            {result.score ? <strong data-testid="result-home">{result.score.home}</strong> : null}
          </span>
          {isRaceFixture(result) ? (
            result.winner ? (
              <span className="fixture__team" data-testid="result-winner">
                {t('sports.results.winner', { driver: result.winner })}
              </span>
            ) : null
          ) : (
            <span className="fixture__team">
              <span>{result.away}</span>
              {result.score ? <strong data-testid="result-away">{result.score.away}</strong> : null}
            </span>
          )}
          <small className="fixture__competition">
            {result.competition}
            {first
              ? ` · ${t(result.sport === 'tennis' ? 'sports.results.firstSet' : 'sports.results.firstHalf', {
                  score: `${first.home}-${first.away}`,
                })}`
              : ''}
          </small>
        </span>
      </div>
    </li>
  );
}

/** `/sports/results`: the last seven days' final scores, a sport at a time or by search. */
export function ResultsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('sport');
  const sport: SportKey = isSportKey(requested) ? requested : 'football';
  const q = params.get('q') ?? '';
  const { data: sports } = useSports();
  const { data, failed } = useResults(sport, q);
  const onSearch = useSearchInAddress(sport, setParams);

  return (
    <article className="sportsbook sportsbook--narrow" data-testid="page-sports-results">
      <div className="sportsbook__main">
        <div className="sportsbook__head">
          <PageHeading title={t('sports.results.title')} lead={t('sports.results.lead')} />
          <BackToList />
        </div>
        <SearchBox value={q} onSearch={onSearch} />
        <SportTabs sports={sports} current={q ? null : sport} onPick={(key) => setParams(sportParams(key))} />
        {failed && !data ? (
          <p className="callout">{t('sports.loadFailed')}</p>
        ) : !data ? (
          <p className="empty">{t('sports.loading')}</p>
        ) : data.length === 0 ? (
          <p className="empty" data-testid="results-empty">
            {q ? t('sports.search.none', { q }) : t('sports.results.none')}
          </p>
        ) : (
          <ul className="fixture-list" data-testid="results-list">
            {data.map((r) => (
              <ResultRow key={r.id} result={r} />
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
