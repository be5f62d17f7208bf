import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RoutePageHeading, usePageKey } from './page-heading';

/**
 * The pages whose content later issues bring (share, promotions, text pages, complaints): the
 * shell, the page's title and its summary. FAQ topics link back to the index.
 */
export function InfoPage() {
  const { t } = useTranslation();
  const page = usePageKey();
  return (
    <article className="panel" data-testid={`page-${page}`}>
      <RoutePageHeading />
      {/* Issue 9: the responsible-gaming page leads to the tools themselves (login required). */}
      {page === 'text_jr' && (
        <Link to="/conta" className="link-button" data-testid="text-jr-tools">
          {t('protection.openTools')}
        </Link>
      )}
      {page.startsWith('text_faq_') && (
        <Link to="/text_faq" className="link-button">
          {t('pages.text_faq.title')}
        </Link>
      )}
    </article>
  );
}
