import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router-dom';
import { laterTexts } from '../../lib/i18n';
import { trackLayout } from '../../lib/layout-mode';
import { captureLandingParams } from '../app/landing';
import { useToken } from '../app/session';
import { OverlayHost } from '../overlays/overlay-host';
import { AlertDialog, LoadingIndicator, Toast } from '../overlays/dialogs-host';

/**
 * The key a page's scroll position is kept under. The first entry of every page load is keyed
 * 'default', so a URL opened later in the same tab (a new load) found the position some earlier
 * load left there (/text_pp opened at its footer). That entry's key is scoped to this load;
 * back and forward within the site keep their positions.
 */
const LOAD = String(Math.round(performance.timeOrigin));
const scrollKey = (location: Pick<Location, 'key'>): string =>
  location.key === 'default' ? `default-${LOAD}` : location.key;

/** Reality checks concern players only: a visitor's first page does not carry them. */
const RealityCheck = lazy(async () => {
  const [{ RealityCheck: Component }] = await Promise.all([
    import('../protection/reality-check'),
    laterTexts(),
  ]);
  return { default: Component };
});

/** Everything above the pages: landing parameters, overlays, dialogs and the loading indicator. */
export function RootLayout() {
  const { search } = useLocation();
  const token = useToken();
  useEffect(() => {
    if (captureLandingParams(search)) trackLayout();
  }, [search]);

  return (
    <>
      <Outlet />
      <OverlayHost />
      {token && (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      )}
      <LoadingIndicator />
      <AlertDialog />
      <Toast />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
