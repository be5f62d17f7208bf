import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { trackLayout } from '../../lib/layout-mode';
import { captureLandingParams } from '../app/landing';
import { OverlayHost } from '../overlays/overlay-host';
import { AlertDialog, LoadingIndicator, Toast } from '../overlays/dialogs-host';
import { RealityCheck } from '../protection/reality-check';

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
      <ScrollRestoration />
    </>
  );
}
