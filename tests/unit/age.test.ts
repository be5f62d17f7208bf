import { describe, expect, it } from 'vitest';
import { ageOn, isAdult, saoPauloDate } from '../../domain/identity';

describe('age (18+)', () => {
  it('counts completed years, the birthday itself included', () => {
    expect(ageOn('2008-03-13', '2026-03-12')).toBe(17);
    expect(ageOn('2008-03-13', '2026-03-13')).toBe(18);
    expect(ageOn('2008-12-31', '2026-01-01')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('turns the day in São Paulo, not in UTC', () => {
    // 02:30 UTC on 13 March is still 12 March (23:30) in São Paulo.
    const lateEvening = new Date(Date.UTC(2026, 2, 13, 2, 30));
    expect(saoPauloDate(lateEvening)).toBe('2026-03-12');
    expect(isAdult('2008-03-13', lateEvening)).toBe(false);
    expect(isAdult('2008-03-13', new Date(Date.UTC(2026, 2, 13, 3, 0)))).toBe(true);
    expect(isAdult('2099-01-01', lateEvening)).toBe(false);
  });
});
