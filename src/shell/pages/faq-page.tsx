import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HELP_TOPICS } from '../footer/help-topics';
import { RoutePageHeading } from './page-heading';

/** `/text_faq`: the index of the FAQ topics. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <article className="panel" data-testid="page-text_faq">
      <RoutePageHeading />
      <ul className="topic-list">
        {HELP_TOPICS.map(({ page, icon }) => (
          <li key={page}>
            <Link to={`/${page}`} className="topic">
              <span className="topic__icon">{icon}</span>
              <span className="topic__text">
                <strong>{t(`pages.${page}.title`)}</strong>
                <small>{t(`pages.${page}.lead`)}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
