/**
 * What a partial cash-out may take (cashout.service.ts checks it; the cash-out card says it before
 * the player confirms): at most the bet's value now, and at least the operator's floor, a
 * centavo of a bet being no sale, never more than the whole value. Centavos.
 */
export type PartRefusal =
  | { key: 'sportsCashoutTooMuch'; amountCents: number }
  | { key: 'sportsCashoutTooLittle'; amountCents: number };

export function partRefusal(takeCents: number, valueCents: number, floorCents: number): PartRefusal | null {
  if (takeCents > valueCents) return { key: 'sportsCashoutTooMuch', amountCents: valueCents };
  const least = Math.min(valueCents, floorCents);
  return takeCents < least ? { key: 'sportsCashoutTooLittle', amountCents: least } : null;
}
