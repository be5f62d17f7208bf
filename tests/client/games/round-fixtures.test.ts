import { describe, expect, it } from 'vitest';
import { doubleTile, followsInChain, luckyDigit } from '../../../domain/fairness/chain';
import { sha256Hex } from '../../../domain/fairness/hash';
import { instantOutcome } from '../../../domain/fairness/instant';
import {
  doubleColor,
  doubleMultiplier,
  luckyMultiplier,
  payoutCents,
  type LuckyPick,
} from '../../../domain/games/rules';
import { fixtures as doubleFixtures } from '../../../src/games/double/fixtures';
import { fixtures as luckyFixtures } from '../../../src/games/luckyColor/fixtures';
import { fixtures as rowFixtures } from '../../../src/games/rowDouble/fixtures';
import type { RecordedRound } from '../../../src/games/shared-art/round-wire';

type Recording = RecordedRound<{ amount: number; color?: string; pick?: string }>;

const cases = [
  {
    game: 'double' as const,
    recordings: doubleFixtures as Record<string, Recording>,
    result: doubleTile,
    multiplier: (pick: string, r: number) =>
      doubleColor(r) === pick ? doubleMultiplier(pick as 'red' | 'black' | 'white') : 0,
  },
  {
    game: 'luckycolor' as const,
    recordings: luckyFixtures as Record<string, Recording>,
    result: luckyDigit,
    multiplier: (pick: string, r: number) => luckyMultiplier(pick as LuckyPick, r),
  },
];

describe.each(cases)('$game recorded rounds', ({ game, recordings, result, multiplier }) => {
  const salts = new Set(Object.values(recordings).flatMap((f) => (f.verify ? [f.verify.salt] : [])));
  const salt = [...salts][0]!;

  it('come from one published chain and salt', () => {
    expect(salts.size).toBe(1);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(Object.entries(recordings))(
    '%s: every hash links to the one before and gives its result',
    (_, f) => {
      const round = f.state.round!;
      expect(round.roundId).toBe(`${game}-${round.number}`);
      const recent = f.state.recent;
      for (let i = 0; i < recent.length; i++) {
        const r = recent[i]!;
        expect(r.number).toBe(round.number - 1 - i);
        expect(r.result).toBe(result(salt, r.hash));
        if (i > 0) expect(followsInChain(recent[i - 1]!.hash, r.hash)).toBe(true);
      }
      if (recent.length > 0) expect(round.previousHash).toBe(recent[0]!.hash);
      if (round.hash) {
        expect(followsInChain(round.hash, round.previousHash)).toBe(true);
        expect(round.result).toBe(result(salt, round.hash));
      }
      for (const step of f.timeline) {
        if (step.kind !== 'socket') continue;
        if (step.name === 'round.result') {
          expect(step.payload.roundId).toBe(round.roundId);
          expect(followsInChain(step.payload.hash, round.previousHash)).toBe(true);
          expect(step.payload.result).toBe(result(salt, step.payload.hash));
        }
        if (step.name === 'round.opened') {
          expect(step.payload.roundId).toBe(`${game}-${round.number + 1}`);
          const revealed = round.hash ?? f.verify?.hash;
          if (revealed) expect(step.payload.previousHash).toBe(revealed);
          expect(Date.parse(step.payload.closesAt)).toBeGreaterThan(Date.parse(f.state.serverTime));
        }
      }
      if (f.verify) {
        expect(f.verify).toMatchObject({ roundId: round.roundId, previousHash: round.previousHash, salt });
        expect(f.verify.result).toBe(result(salt, f.verify.hash));
      }
    },
  );

  it.each(Object.entries(recordings))(
    '%s: events are in order and the balance moves by the rules',
    (_, f) => {
      const times = f.timeline.map((s) => s.atMs);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const balances = f.timeline.flatMap((s) =>
        s.kind === 'socket' && s.name === 'insBalance' ? [s.payload.balance] : [],
      );
      const bet = f.timeline.find((s) => s.kind === 'bet');
      if (!bet || bet.kind !== 'bet') {
        expect(balances).toEqual([]);
        return;
      }
      const pick = bet.request.color ?? bet.request.pick!;
      expect(bet.answer).toMatchObject({ roundId: f.state.round!.roundId, pick, amount: bet.request.amount });
      expect(bet.answer.gameCode).toBe(game === 'double' ? 'SE0006' : 'SE0007');
      expect(balances).toHaveLength(2);
      const cancelled = f.timeline.some((s) => s.kind === 'socket' && s.name === 'round.cancelled');
      const back = cancelled
        ? bet.request.amount
        : payoutCents(Math.round(bet.request.amount * 100), multiplier(pick, f.verify!.result)) / 100;
      expect(Math.round((balances[1]! - balances[0]!) * 100)).toBe(Math.round(back * 100));
    },
  );
});

describe('ROWDOUBLE recorded bets', () => {
  it.each(Object.entries(rowFixtures))(
    '%s: every tile, payout and balance follows from the seeds',
    (_, f) => {
      const { serverSeed, serverSeedHash, clientSeed } = f.seeds;
      expect(sha256Hex(serverSeed)).toBe(serverSeedHash);
      let previous: number | null = null;
      let nonce: number | null = null;
      for (const { request, answer } of f.bets) {
        expect(answer.fairness).toEqual({ serverSeedHash, clientSeed, nonce: answer.fairness.nonce });
        if (nonce !== null) expect(answer.fairness.nonce).toBe(nonce + 1);
        nonce = answer.fairness.nonce;
        const { tile } = instantOutcome('rowdouble', { serverSeed, clientSeed, nonce }) as { tile: number };
        expect(answer.outcome.tile).toBe(tile);
        const win = doubleColor(tile) === request.color;
        expect(answer.win).toBe(win);
        expect(answer.multiplier).toBe(win ? doubleMultiplier(request.color) : 0);
        expect(answer.payout).toBe(payoutCents(request.amount * 100, answer.multiplier) / 100);
        expect(answer.gameCode).toBe('SE0008');
        if (previous !== null) {
          expect(Math.round((answer.balance - previous) * 100)).toBe(
            Math.round((answer.payout - request.amount) * 100),
          );
        }
        previous = answer.balance;
      }
    },
  );

  it('holds wins of each colour and a loss, so a replay shows every ending', () => {
    const endings = rowFixtures.session.bets.map(
      (b) => `${doubleColor(b.answer.outcome.tile)}:${b.answer.win}`,
    );
    for (const ending of ['red:true', 'black:true', 'white:true']) expect(endings).toContain(ending);
    expect(endings.some((e) => e.endsWith(':false'))).toBe(true);
  });
});
