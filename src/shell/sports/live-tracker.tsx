import { useTranslation } from 'react-i18next';
import i18n, { bcp47 } from '../../lib/i18n';
import type { SportsFixtureDetail } from '../../services/sports-api';
import { isRaceFixture, tennisPoints } from '../../../domain/sports/labels';
import { formatKickoff, hasStarted, periodLabel } from './sports-format';
import { useRunningClock } from './use-running-clock';
import { Crest } from './crest';

/** Statistics the tracker names; others show under their own key. */
const KNOWN_STATS = [
  'corners',
  'yellowCards',
  'redCards',
  'games',
  'points',
  'gamesTotal',
  'innings',
  'rounds',
  'laps',
] as const;

/** Known statistics first, in the tracker's order. */
function statRank(key: string): number {
  const index = (KNOWN_STATS as readonly string[]).indexOf(key);
  return index === -1 ? KNOWN_STATS.length : index;
}

/** One statistic as two bars meeting in the middle, the leader's side brighter. */
function StatBar({
  label,
  home,
  away,
  shown = [String(home), String(away)],
}: {
  label: string;
  home: number;
  away: number;
  /** The values as they read (a tennis game's 15, 30, 40, AD), when not the counts themselves. */
  shown?: [string, string];
}) {
  const total = home + away;
  const homeShare = total === 0 ? 50 : (home / total) * 100;
  return (
    <li className="stat" data-testid="tracker-stat">
      <span className="stat__value">{shown[0]}</span>
      <span className="stat__label">{label}</span>
      <span className="stat__value">{shown[1]}</span>
      <span className="stat__bar" aria-hidden="true">
        <span
          className={`stat__side stat__side--home${home > away ? ' stat__side--lead' : ''}`}
          style={{ width: `${homeShare}%` }}
        />
        <span
          className={`stat__side stat__side--away${away > home ? ' stat__side--lead' : ''}`}
          style={{ width: `${100 - homeShare}%` }}
        />
      </span>
    </li>
  );
}

/**
 * The live tracker of a fixture: the scoreboard (teams, score, clock and period) over a drawing of
 * the field, and the match statistics as bars. Before the start it shows the kick-off time alone.
 * A race shows its name, its start and then its lap.
 */
export function LiveTracker({ fixture }: { fixture: SportsFixtureDetail }) {
  const { t } = useTranslation();
  const kickoff = formatKickoff(fixture.startsAt, undefined, bcp47(i18n.language));
  const clock = useRunningClock(fixture.clock, fixture.periodCode);
  const started = hasStarted(fixture);
  const stats = Object.entries(fixture.stats).sort(([a], [b]) => statRank(a) - statRank(b));
  const period = periodLabel(fixture.periodCode, fixture.sport);
  // A race's own fixture has a field, not two sides: its name, its start or its lap, no score.
  const race = isRaceFixture(fixture);
  // A tennis game reads 0, 15, 30, 40, AD; at six games all the tie-break counts points.
  const games = fixture.stats.games;
  const tiebreak = games !== undefined && games.home === 6 && games.away === 6;
  const shownOf = (key: string, value: { home: number; away: number }): [string, string] | undefined =>
    fixture.sport === 'tennis' && key === 'points'
      ? [tennisPoints(value.home, value.away, tiebreak), tennisPoints(value.away, value.home, tiebreak)]
      : undefined;
  return (
    <section
      className={`tracker tracker--${fixture.sport}`}
      aria-label={t('sports.fixture.tracker')}
      data-testid="live-tracker"
    >
      <div className={`tracker__field${race ? ' tracker__field--race' : ''}`}>
        {race ? null : (
          <div className="tracker__team tracker__team--home">
            <Crest name={fixture.home} className="tracker__crest" />
            <strong>{fixture.home}</strong>
          </div>
        )}
        <div className="tracker__centre">
          {race ? <strong className="tracker__race">{fixture.home}</strong> : null}
          {started && race ? null : started ? (
            <span className="tracker__score" data-testid="tracker-score">
              {fixture.score.home} <span aria-hidden="true">–</span> {fixture.score.away}
            </span>
          ) : (
            <span className="tracker__kickoff">
              {kickoff.day === 'today' || kickoff.day === 'tomorrow'
                ? t(`sports.${kickoff.day}`)
                : kickoff.day}{' '}
              {kickoff.time}
            </span>
          )}
          <span className="tracker__status">
            {fixture.live ? <span className="live-dot">{t('sports.live')}</span> : null}
            {period ? <span data-testid="tracker-period">{period}</span> : null}
            {clock ? (
              <span className="tracker__clock" data-testid="tracker-clock">
                {clock}
              </span>
            ) : null}
          </span>
          {fixture.suspended ? <span className="tracker__stop">{t('sports.fixture.suspended')}</span> : null}
        </div>
        {race ? null : (
          <div className="tracker__team tracker__team--away">
            <Crest name={fixture.away} className="tracker__crest" />
            <strong>{fixture.away}</strong>
          </div>
        )}
      </div>
      {started && stats.length > 0 ? (
        <ul className="tracker__stats">
          {stats.map(([key, value]) => (
            <StatBar
              key={key}
              label={t(`sports.stats.${key}`, { defaultValue: key })}
              home={value.home}
              away={value.away}
              shown={shownOf(key, value)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
