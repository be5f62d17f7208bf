import { useEffect } from 'react';
import { useGameList } from '../../../services/game-list';
import type { GameEntry } from '../../../services/games-api';

/** The game's entry of the game list (RTP, limits, edge, stop); null until it arrives. */
export function useGameEntry(gameCode: string): GameEntry | null {
  return useGameList().find((g) => g.gameCode === gameCode) ?? null;
}

/** True for a device with a real keyboard and mouse, where space bets. */
function hasKeyboard(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(hover: hover) and (pointer: fine)').matches;
}

/**
 * Space places a bet on desktop, unless the player is typing in a field or a button has focus
 * (where space already means "press").
 */
export function useSpaceToBet(onBet: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !hasKeyboard()) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, button, [contenteditable="true"], [role="dialog"]'))
        return;
      event.preventDefault();
      onBet();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onBet, enabled]);
}
