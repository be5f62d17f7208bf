import { writeItem } from '../../lib/storage';

/**
 * `/y{yqm}` and `/zgo{code}` cannot be react-router params (ARCHITECTURE.md "Client"), so the
 * catch-all route recognises them with these patterns before sending any other path to `/`.
 */
const INVITE = /^\/y([A-Za-z0-9]{4,16})$/;
const HANDOFF = /^\/zgo([A-Za-z0-9_-]{8,64})$/;

export type Landing = { kind: 'invite'; code: string } | { kind: 'handoff'; code: string };

/** What a path that matched no route means, or null when it should go to `/`. */
export function parseLandingPath(pathname: string): Landing | null {
  const handoff = HANDOFF.exec(pathname);
  if (handoff?.[1]) return { kind: 'handoff', code: handoff[1] };
  const invite = INVITE.exec(pathname);
  if (invite?.[1]) return { kind: 'invite', code: invite[1] };
  return null;
}

/**
 * Landing parameters any URL may carry: `isapp=1` marks app mode and `isapp=0` leaves it (spec 2);
 * `pixelid` is the ad pixel, sent back as a header (API.md). Returns true when app mode changed.
 */
export function captureLandingParams(search: string): boolean {
  const params = new URLSearchParams(search);
  const isapp = params.get('isapp');
  const pixelId = params.get('pixelid');
  if (pixelId && /^[\w-]{1,64}$/.test(pixelId)) writeItem('pixelId', pixelId);
  if (isapp === '1' || isapp === '0') {
    writeItem('isapp', isapp);
    return true;
  }
  return false;
}
