import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { layoutStore } from '../../lib/layout-mode';
import { useStore } from '../../lib/store';
import { Footer } from '../footer/footer';
import { OfferButton } from '../wallet/offer-button';
import { Header } from './header';
import { MainNav } from './main-nav';
import { NoticeBar } from './notice-bar';

/** Header, notice bar, page, footer; the tab bar on phones. */
function Chrome({ children, standalone }: { children: ReactNode; standalone: boolean }) {
  const { t } = useTranslation();
  const mode = useStore(layoutStore, (l) => l.mode);
  const mobile = mode === 'mobile';
  return (
    <div className={`app${mobile && !standalone ? ' app--tabbed' : ''}`}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header showNav={!mobile} showBack={standalone} />
      <NoticeBar />
      <main id="main" className="frame page" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {mobile && !standalone && <MainNav placement="bottom" />}
      {/* Games and the sportsbook carry the offer in their top bar: floating, it covered their
          controls as the page scrolled under it. */}
      {!standalone && <OfferButton />}
    </div>
  );
}

const CachedHome = lazy(async () => ({ default: (await import('../pages/home-page')).HomePage }));

/**
 * The shell of `/main`'s children (`/home`, `/vip`, `/conta`, the text pages, …). Spec 2: of these
 * pages only home is cached. Once shown it stays mounted, hidden while another child of the shell
 * is open, so coming back finds the banners, the feed and the prices as they were, without a new
 * load. Leaving the shell for a game or the sportsbook lets it go, as leaving `/main` did.
 */
export function ShellLayout() {
  const onHome = useLocation().pathname === '/home';
  const [homeShown, setHomeShown] = useState(onHome);
  if (onHome && !homeShown) setHomeShown(true);
  return (
    <Chrome standalone={false}>
      {homeShown && (
        <div hidden={!onHome} data-testid="home-cache">
          <Suspense fallback={null}>
            <CachedHome />
          </Suspense>
        </div>
      )}
      {!onHome && <Outlet />}
    </Chrome>
  );
}

/** Top-level pages (sports and games): the same chrome with a back button instead of the tab bar. */
export function StandaloneLayout() {
  return (
    <Chrome standalone>
      <Outlet />
    </Chrome>
  );
}
