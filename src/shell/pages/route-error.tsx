import { useTranslation } from 'react-i18next';

/**
 * Shown when a route itself fails (typically a page's code that no longer exists after a deploy);
 * a full reload fetches the current version.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="splash" data-testid="route-error">
      <img className="splash__logo" src="/error.svg" alt="" width={140} height={120} />
      <h1 className="splash__word">{t('pages.error.title')}</h1>
      <p className="splash__text">{t('pages.error.lead')}</p>
      <button type="button" className="button button--gold" onClick={() => window.location.reload()}>
        {t('errorPage.retry')}
      </button>
    </main>
  );
}
