import { describe, expect, it } from 'vitest';
import { POOP_TYPES } from '../../../core/poop';
import { POOP_TYPE_DESCRIPTIONS, poopTypeLabel } from './poop-type-labels';

describe('poopTypeLabel', () => {
  it('explains every one of the nine types in words', () => {
    const labels = POOP_TYPES.map((type) => poopTypeLabel(type));
    expect(new Set(labels).size).toBe(9);
    for (const type of POOP_TYPES) expect(POOP_TYPE_DESCRIPTIONS[type].length).toBeGreaterThan(3);
  });

  it('reads as the scale does', () => {
    expect(poopTypeLabel('Type 1')).toBe('Type 1 — Separate hard lumps');
    expect(poopTypeLabel('Type 7')).toBe('Type 7 — Watery, no solid pieces');
    expect(poopTypeLabel('Indecise')).toBe('Undecided — Not sure');
  });

  it('does not promise a review of a private diary entry', () => {
    expect(poopTypeLabel('Other')).toBe('Other — Not on the scale; reviewed before it is shown');
    expect(poopTypeLabel('Other', { diary: true })).toBe('Other — Not on the scale');
  });
});
