import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useGoBack } from '../app/use-go-back';
import { RoutePageHeading } from './page-heading';

/** `/error`: where spec 8 sends the player on 1403 or an error without a message. */
export function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <article className="panel panel--center" data-testid="page-error">
      <img src="/error.svg" alt="" width={140} height={120} className="error-art" />
      <RoutePageHeading />
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={goBack}>
          {t('errorPage.retry')}
        </button>
        <button type="button" className="button button--gold" onClick={() => void navigate('/home')}>
          {t('errorPage.home')}
        </button>
      </div>
    </article>
  );
}
