import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/** Long enough for the brand to register, short enough not to be a wait. */
export const SPLASH_MIN_MS = 700;

/** The splash: also the fallback while the first route's code loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status" aria-label={t('loadingScreen.label')} data-testid="loading-screen">
      <img className="splash__logo" src="/logo.svg" alt="" width={96} height={96} />
      <p className="splash__word">{t('brand.name')}</p>
      <div className="splash__bar" aria-hidden="true">
        <span />
      </div>
    </div>
  );
}

/**
 * `/`: shows the splash while the home page's code loads, then goes home. The session does not hold
 * it up: a stored token and user info already show the player, and the server's answer follows.
 */
export function LoadingPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [homeLoaded, setHomeLoaded] = useState(false);
  const [shownLongEnough, setShownLongEnough] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setShownLongEnough(true), SPLASH_MIN_MS);
    void import('./home-page').finally(() => setHomeLoaded(true));
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (homeLoaded && shownLongEnough) void navigate({ pathname: '/home', search }, { replace: true });
  }, [homeLoaded, shownLongEnough, navigate, search]);

  return <LoadingScreen />;
}
