import { describe, expect, it } from 'vitest';
import { POOP_TYPES } from '../../../core/poop';
import { POOP_TYPE_DESCRIPTIONS, poopTypeLabel } from './poop-type-labels';

describe('poopTypeLabel', () => {
  it('explains every one of the nine types in words', () => {
    const labels = POOP_TYPES.map(poopTypeLabel);
    expect(new Set(labels).size).toBe(9);
    for (const type of POOP_TYPES) expect(POOP_TYPE_DESCRIPTIONS[type].length).toBeGreaterThan(3);
  });

  it('reads as the scale does', () => {
    expect(poopTypeLabel('Type 1')).toBe('Type 1 — Separate hard lumps');
    expect(poopTypeLabel('Type 7')).toBe('Type 7 — Watery, no solid pieces');
    expect(poopTypeLabel('Indecise')).toBe('Indecise — Not sure');
  });
});
