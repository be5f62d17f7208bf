/**
 * The designer and test switches of a game page (issue 5): `?tune` opens the tuning panel,
 * `?round=<fixture>` replays a recorded outcome without the server. (`?inspect` is read by
 * src/lib/inspector.ts, as every machine of the client can be inspected.)
 */
export interface DebugParams {
  tune: boolean;
  /** The fixture name to replay, or null. */
  round: string | null;
}

/** Reads the switches from a query string. */
export function readDebugParams(search: string): DebugParams {
  const params = new URLSearchParams(search);
  return { tune: params.has('tune'), round: params.get('round') || null };
}
