import { languageReady } from './lib/i18n';
import './shell/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { trackLayout } from './lib/layout-mode';
import { writeItem } from './lib/storage';
import { captureLandingParams } from './shell/app/landing';
import { setNavigator } from './shell/app/navigation';
import { createAppRouter } from './shell/app/routes';
import { startSession } from './shell/app/session';
import { installApiHandlers } from './shell/app/shell-actions';
import { installWalletReactions } from './shell/wallet/wallet-reactions';

// The site key comes from the build's configuration (API.md "Persisted keys": `apiKey`).
const siteKey: unknown = import.meta.env.VITE_TREVO_API_KEY;
if (typeof siteKey === 'string' && siteKey) writeItem('apiKey', siteKey);

// App mode must be known before the first layout pass, or the page would jump from wide to narrow.
captureLandingParams(window.location.search);
trackLayout();

installApiHandlers();
// The stored session is restored synchronously here, before the router runs its first loaders:
// a protected route opened by a logged-in player must see the token.
void startSession();
installWalletReactions();
// Installable, and a clear "sem conexão" page offline (public/sw.js caches static files only).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The router and the first render, in a task of their own: the router's first match imports the
 * page's chunk (preloaded with the first page), and evaluating it in the same task as every
 * start-up module made one long task of a phone's CPU (issue 18's blocking time).
 */
function start(element: HTMLElement) {
  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  void languageReady.then(() =>
    createRoot(element).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
setTimeout(() => start(root), 0);
