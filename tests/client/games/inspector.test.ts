// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createActor, fromPromise } from 'xstate';
import type { SettledBet } from '../../../domain/schemas/game.schema';
import { createInspectorFor, parseInspectParam, type RunningInspector } from '../../../src/lib/inspector';
import type { InstantBetInput } from '../../../src/machines/games/bet-actors';
import { diceMachine } from '../../../src/machines/games/dice.machine';

/**
 * `?inspect=ws://host:port` sends a machine's inspection events to a WebSocket inspector: a local
 * `ws` server plays the inspector and must receive the actor, its events and its snapshots.
 */

let server: WebSocketServer | null = null;
let inspector: RunningInspector | null = null;

afterEach(async () => {
  inspector?.stop();
  inspector = null;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('inspector switch', () => {
  it('reads ?inspect as the browser inspector and ?inspect=ws://… as a WebSocket one', () => {
    expect(parseInspectParam('?round=win')).toBeNull();
    expect(parseInspectParam('?inspect')).toEqual({ kind: 'browser' });
    expect(parseInspectParam('?inspect=')).toEqual({ kind: 'browser' });
    expect(parseInspectParam('?tune&inspect=ws://127.0.0.1:8080')).toEqual({
      kind: 'websocket',
      url: 'ws://127.0.0.1:8080',
    });
  });
});

describe('WebSocket inspector', () => {
  it('delivers the dice machine’s events to a local inspector', async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
    const { port } = server.address() as { port: number };
    const received: Array<{ type: string; event?: { type: string }; name?: string }> = [];
    server.on('connection', (socket) => {
      socket.on('message', (data) => received.push(JSON.parse(String(data)) as (typeof received)[number]));
    });

    inspector = await createInspectorFor({ kind: 'websocket', url: `ws://127.0.0.1:${port}` });
    const machine = diceMachine.provide({
      actors: {
        placeBet: fromPromise<SettledBet, InstantBetInput>(async () => ({
          betId: 'B1',
          gameCode: 'SE0002',
          amount: 1,
          multiplier: 2,
          payout: 2,
          win: true,
          balance: 11,
          outcome: { roll: 80 },
          fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
        })),
      },
    });
    const actor = createActor(machine, { input: {}, inspect: inspector.inspect }).start();
    actor.send({ type: 'player.setAmount', text: '2,00' });
    actor.send({ type: 'player.bet' });

    await expect
      .poll(() => received.filter((m) => m.type === '@xstate.event').map((m) => m.event?.type), {
        timeout: 5000,
      })
      .toEqual(expect.arrayContaining(['player.setAmount', 'player.bet']));
    expect(received.some((m) => m.type === '@xstate.actor')).toBe(true);
    expect(received.some((m) => m.type === '@xstate.snapshot')).toBe(true);
    actor.stop();
  });
});
