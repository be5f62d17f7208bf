/**
 * Navigation for code outside components (API handlers, loaders' side effects, session actions).
 * main.tsx hands in the router's `navigate`; until then a full page load is the fallback.
 */

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

/** Installs the router's navigate function. */
export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Goes to `to` inside the single-page app. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}
