import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router-dom';
import { trackLayout } from '../../lib/layout-mode';
import { captureLandingParams } from '../app/landing';
import { OverlayHost } from '../overlays/overlay-host';
import { AlertDialog, LoadingIndicator, Toast } from '../overlays/dialogs-host';
import { RealityCheck } from '../protection/reality-check';

/**
 * The key a page's scroll position is kept under. The first entry of every page load is keyed
 * 'default', so a URL opened later in the same tab (a new load) found the position some earlier
 * load left there (/text_pp opened at its footer). That entry's key is scoped to this load;
 * back and forward within the site keep their positions.
 */
const LOAD = String(Math.round(performance.timeOrigin));
const scrollKey = (location: Pick<Location, 'key'>): string =>
  location.key === 'default' ? `default-${LOAD}` : location.key;

/** Everything above the pages: landing parameters, overlays, dialogs and the loading indicator. */
export function RootLayout() {
  const { search } = useLocation();
  useEffect(() => {
    if (captureLandingParams(search)) trackLayout();
  }, [search]);

  return (
    <>
      <Outlet />
      <OverlayHost />
      <RealityCheck />
      <LoadingIndicator />
      <AlertDialog />
      <Toast />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
