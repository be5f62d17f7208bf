import type { InspectionEvent } from 'xstate';

/**
 * State-chart inspection for any machine of the client (issue 5): `?inspect` sends every running
 * actor to the Stately inspector in a browser window (`createBrowserInspector`), and
 * `?inspect=ws://host:port` to a WebSocket inspector (`createWebSocketInspector`). The inspector
 * library is loaded only when asked for, so no player ever downloads it. A machine opts in with
 * `createActor(machine, { inspect: machineInspector() })` (or the same option of `useMachine`).
 */

/** Where inspection events go. */
export type InspectTarget = { kind: 'browser' } | { kind: 'websocket'; url: string };

/** Reads `?inspect` from a query string; null when inspection is off. */
export function parseInspectParam(search: string): InspectTarget | null {
  const params = new URLSearchParams(search);
  if (!params.has('inspect')) return null;
  const value = params.get('inspect') ?? '';
  if (/^wss?:\/\//i.test(value)) return { kind: 'websocket', url: value };
  return { kind: 'browser' };
}

/** A started inspector: its observer function and how to stop it. */
export interface RunningInspector {
  inspect: (event: InspectionEvent) => void;
  stop(): void;
}

/** Loads @statelyai/inspect and starts the inspector for `target`. */
export async function createInspectorFor(target: InspectTarget): Promise<RunningInspector> {
  const lib = await import('@statelyai/inspect');
  const inspector =
    target.kind === 'websocket'
      ? lib.createWebSocketInspector({ url: target.url })
      : lib.createBrowserInspector();
  return {
    inspect: (event) => inspector.inspect.next?.(event),
    stop: () => inspector.stop(),
  };
}

/** Events that arrive while the library loads; more than this is dropped (oldest first). */
const MAX_BUFFERED = 500;

let resolved = false;
let observer: ((event: InspectionEvent) => void) | undefined;

/**
 * The `inspect` option for an actor, or undefined when the page was not opened with `?inspect`.
 * The page's address is read once, at the first call, so inspection stays on for the whole visit
 * while the router changes the address. Events are buffered until the inspector has loaded.
 */
export function machineInspector(): ((event: InspectionEvent) => void) | undefined {
  if (resolved) return observer;
  resolved = true;
  const target = typeof window === 'undefined' ? null : parseInspectParam(window.location.search);
  if (!target) return undefined;
  const buffer: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  observer = (event) => {
    if (forward) return forward(event);
    buffer.push(event);
    if (buffer.length > MAX_BUFFERED) buffer.shift();
  };
  void createInspectorFor(target)
    .then((running) => {
      forward = running.inspect;
      for (const event of buffer.splice(0)) running.inspect(event);
    })
    .catch((error: unknown) => console.error('Inspector could not start', error));
  return observer;
}
