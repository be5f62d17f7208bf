/** Paths the server answers itself: an unknown one there is a JSON 404, never the client's page. */
const SERVER_PREFIXES = ['/api/', '/dev/', '/gamecenter-siop', '/sandbox-psp/', '/pix/'];
/** Folders of built files: a missing one is a 404, never the page. */
const FILE_FOLDERS = ['/assets/', '/icons/'];

/**
 * Whether an unknown path is one of the client's routes (/home, /y{yqm}, …), answered with
 * index.html for the browser's router to decide. A missing script or image is not: answered with
 * the page (status 200, text/html), a tab still on the previous build would get HTML for its
 * chunk, and the service worker used to keep it under the chunk's name for good. The path is
 * compared decoded, lower-cased and with repeated slashes merged, so `/API/x` or `//api/x` is
 * the API's 404 too. HEAD is answered like GET (uptime and link checkers).
 */
export function isClientRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  let path = url.split('?')[0]!.split('#')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return false;
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  if (FILE_FOLDERS.some((folder) => path.startsWith(folder))) return false;
  // A last segment with an extension names a file (/logo.png, /chunk.js), not a page.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]{1,12}$/.test(last);
}
