import { useSelector } from '@xstate/react';
import { createActor, type SnapshotFrom } from 'xstate';
import { betBuilderMachine } from '../../machines/sports/bet-builder.machine';
import { bumpBets } from './bet-slip-store';

/**
 * The Criar Aposta of the visit: one actor, so a builder survives a look at another page and
 * comes back with its fixture (another fixture starts an empty one). A placed bet makes the bet
 * lists re-read, as the slip's do; the server pushes the new balance itself.
 */

let actor: ReturnType<typeof createBuilderActor> | null = null;

function createBuilderActor() {
  const machine = betBuilderMachine.provide({ actions: { betsPlaced: () => bumpBets() } });
  return createActor(machine).start();
}

/** The builder's actor, started on first use. */
export function betBuilder() {
  actor ??= createBuilderActor();
  return actor;
}

type BuilderSnapshot = SnapshotFrom<typeof betBuilderMachine>;

/** Reads a slice of the builder and re-renders when it changes. */
export function useBuilder<T>(selector: (snapshot: BuilderSnapshot) => T): T {
  return useSelector(betBuilder(), selector);
}

/** The outcome the builder holds for a market of `fixtureId`, or null. */
export function useBuilderPick(fixtureId: string, marketId: string): string | null {
  return useBuilder((s) =>
    s.context.fixtureId === fixtureId
      ? (s.context.selections.find((x) => x.marketId === marketId)?.outcomeId ?? null)
      : null,
  );
}
