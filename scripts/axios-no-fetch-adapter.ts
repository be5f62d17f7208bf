/**
 * Stands in for axios's fetch adapter in the client's build (scripts/vite-axios-xhr.ts): the
 * client's instances send every request through XMLHttpRequest (`adapter: 'xhr'`), so the fetch
 * adapter is never chosen. Asked for anyway, axios answers "adapter fetch is not supported by the
 * environment", as it does where fetch is missing.
 */
export const getFetch = (): false => false;
