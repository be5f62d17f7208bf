import { describe, expect, it } from 'vitest';
import { fromPromise, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * Issue 5: every invoked actor of a game machine has `onError`, and every waiting state has an
 * `after` timeout of at most 15 s. A waiting state is one that invokes an actor or listens for
 * the scene (`scene.*`) or the server (`server.*`); states that only wait for the player are
 * resting states. Long-lived subscriptions (a socket stream for a whole visit) carry the tag
 * `subscription` and only need `onError`. Every machine file in src/machines/games is checked.
 */

const MAX_WAIT_MS = 15_000;

const modules = import.meta.glob<Record<string, unknown>>('../../../src/machines/games/*.machine.ts', {
  eager: true,
});

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'implementations' in value &&
    typeof (value as { provide?: unknown }).provide === 'function'
  );
}

const machines = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isMachine(value))
    .map(([name, value]) => ({
      label: `${file.split('/').pop()} ${name}`,
      machine: value as AnyStateMachine,
    })),
);

function walk(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => walk(child))];
}

interface RawInvoke {
  src: unknown;
  onError?: unknown;
}

/** The delays (ms) of a state's `after`, named delays resolved through the machine's setup. */
function afterDelays(machine: AnyStateMachine, node: AnyStateNode): number[] {
  const after = (node.config.after ?? {}) as Record<string, unknown>;
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  return Object.keys(after).map((key) => {
    if (/^\d+$/.test(key)) return Number(key);
    const delay = delays[key];
    if (typeof delay === 'number') return delay;
    // A delay computed from the context must still be bounded; it is checked with an empty one.
    if (typeof delay === 'function') return Number((delay as (a: unknown) => unknown)({ context: {} }));
    return Number.POSITIVE_INFINITY;
  });
}

function waitsForOthers(node: AnyStateNode): boolean {
  const listens = Object.keys((node.config.on ?? {}) as object).some(
    (event) => event.startsWith('scene.') || event.startsWith('server.'),
  );
  return node.invoke.length > 0 || listens;
}

/** Invoked actors without onError, as `state id → src`. */
function missingOnError(machine: AnyStateMachine): string[] {
  const missing: string[] = [];
  for (const node of walk(machine.root)) {
    const raw = node.config.invoke as RawInvoke | RawInvoke[] | undefined;
    const invokes = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const invoke of invokes) if (!invoke.onError) missing.push(`${node.id} → ${String(invoke.src)}`);
  }
  return missing;
}

/** Waiting states without an after of at most 15 s. */
function unboundedWaits(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  for (const node of walk(machine.root)) {
    if (!waitsForOthers(node) || node.tags.includes('subscription')) continue;
    const delays = afterDelays(machine, node);
    if (delays.length === 0) problems.push(`${node.id}: no after`);
    else if (!delays.some((ms) => ms <= MAX_WAIT_MS))
      problems.push(`${node.id}: after ${delays.join(', ')} ms`);
  }
  return problems;
}

describe('game machines: every wait ends', () => {
  it('finds the machines of src/machines/games, the factories’ configurations among them', () => {
    expect(machines.map((m) => m.label)).toEqual(
      expect.arrayContaining([
        'dice.machine.ts diceMachine',
        'limbo.machine.ts limboMachine',
        'row-double.machine.ts rowDoubleMachine',
        'double.machine.ts doubleMachine',
        'lucky-color.machine.ts luckyColorMachine',
      ]),
    );
  });

  it('walks the playback states the instant-game factory builds from a configuration', () => {
    const rowDouble = machines.find((m) => m.label === 'row-double.machine.ts rowDoubleMachine')!.machine;
    const waiting = walk(rowDouble.root)
      .filter((node) => waitsForOthers(node))
      .map((node) => node.id);
    expect(waiting).toEqual([
      'rowDouble.round.placing',
      'rowDouble.round.playing',
      'rowDouble.round.showing',
    ]);
  });

  it('flags a machine that breaks the rules (the check itself can fail)', () => {
    const bad = setup({
      actors: { call: fromPromise(async () => 1) },
      delays: { slow: 60_000 },
    }).createMachine({
      initial: 'calling',
      states: {
        calling: { invoke: { src: 'call', onDone: 'showing' } },
        showing: { on: { 'scene.done': 'idle' }, after: { slow: 'idle' } },
        idle: {},
      },
    });
    expect(missingOnError(bad)).toEqual(['(machine).calling → call']);
    expect(unboundedWaits(bad)).toEqual(['(machine).calling: no after', '(machine).showing: after 60000 ms']);
  });

  for (const { label, machine } of machines) {
    describe(label, () => {
      it('gives every invoked actor an onError', () => {
        expect(missingOnError(machine)).toEqual([]);
      });

      it('gives every waiting state an after of at most 15 s', () => {
        expect(unboundedWaits(machine)).toEqual([]);
      });
    });
  }
});
