import { useTranslation } from 'react-i18next';
import i18n, { bcp47 } from '../../lib/i18n';
import { Link } from 'react-router-dom';
import type { SportsFixture } from '../../services/sports-api';
import { isRaceFixture } from '../../../domain/sports/labels';
import { OddsButton } from './odds-button';
import { listLabel } from './short-labels';
import { formatKickoff, hasStarted, periodLabel } from './sports-format';
import { useRunningClock } from './use-running-clock';

/** When a fixture is: live with period and clock, or its kick-off. */
function FixtureWhen({ fixture }: { fixture: SportsFixture }) {
  const { t } = useTranslation();
  const clock = useRunningClock(fixture.clock, fixture.periodCode);
  if (fixture.live) {
    const period = periodLabel(fixture.periodCode, fixture.sport);
    // Football's minute says which half it is; a quarter's clock counts down and needs its quarter.
    const withPeriod = clock !== null && period !== '' && fixture.sport !== 'football';
    return (
      <span className="fixture-when fixture-when--live">
        <span className="live-dot">{t('sports.live')}</span>
        {withPeriod ? <span data-testid="fixture-period">{period}</span> : null}
        <span data-testid="fixture-clock">{clock ?? period}</span>
      </span>
    );
  }
  if (fixture.periodCode !== 0) {
    return <span className="fixture-when">{periodLabel(fixture.periodCode, fixture.sport)}</span>;
  }
  const kickoff = formatKickoff(fixture.startsAt, undefined, bcp47(i18n.language));
  return (
    <span className="fixture-when">
      <span>
        {kickoff.day === 'today' || kickoff.day === 'tomorrow' ? t(`sports.${kickoff.day}`) : kickoff.day}
      </span>
      <span>{kickoff.time}</span>
    </span>
  );
}

/**
 * A fixture in a list: teams, score when started, and the winner market's prices inline; a race,
 * its name and a way to its field's prices (too many for a row).
 */
export function FixtureRow({ fixture }: { fixture: SportsFixture }) {
  const { t } = useTranslation();
  const started = hasStarted(fixture);
  const main = fixture.main;
  const race = isRaceFixture(fixture);
  const page = `/sports/fixture/${encodeURIComponent(fixture.id)}`;
  return (
    <li
      className={`fixture${fixture.live ? ' fixture--live' : ''}`}
      data-testid="fixture-row"
      data-id={fixture.id}
    >
      <Link to={page} className="fixture__link" data-testid="fixture-link">
        <FixtureWhen fixture={fixture} />
        <span className="fixture__teams">
          {/* A race is its name alone: no away side, no score. */}
          {(race ? (['home'] as const) : (['home', 'away'] as const)).map((side) => (
            <span key={side} className="fixture__team">
              <span>{fixture[side]}</span>
              {started && !race ? (
                <strong data-testid={`fixture-score-${side}`}>{fixture.score[side]}</strong>
              ) : null}
            </span>
          ))}
          <small className="fixture__competition">{fixture.competition}</small>
        </span>
        <span className="fixture__more" aria-label={t('sports.fixture.allMarkets')}>
          ›
        </span>
      </Link>
      <div className={`fixture__prices fixture__prices--${race ? 1 : (main?.outcomes.length ?? 0)}`}>
        {race && main ? (
          <Link to={page} className="odds fixture__race" data-testid="race-link">
            <span className="odds__label">{t('sports.fixture.raceWinner')}</span>
            <span className="odds__price" aria-hidden="true">
              ›
            </span>
          </Link>
        ) : main ? (
          main.outcomes.map((o) => (
            <OddsButton
              key={o.id}
              fixture={fixture}
              market={main}
              outcome={o}
              label={listLabel(o.id, main.outcomes.length) ?? o.name}
              suspended={fixture.suspended}
            />
          ))
        ) : (
          <span className="fixture__closed">{t('sports.noPrices')}</span>
        )}
      </div>
    </li>
  );
}
