import { useTranslation } from 'react-i18next';
import { BallIcon } from '../components/icons';
import { SPORT_KEYS } from '../sports/sport-keys';
import { RoutePageHeading } from './page-heading';

/** `/footballPage`: the sports Trevo offers; the sportsbook issue adds fixtures and markets. */
export function SportsPage() {
  const { t } = useTranslation();
  return (
    <article className="panel" data-testid="page-footballPage">
      <RoutePageHeading />
      <ul className="sport-grid">
        {SPORT_KEYS.map((key) => (
          <li key={key} className="sport-card">
            <BallIcon />
            <span>{t(`sports.${key}`)}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
