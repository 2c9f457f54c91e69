import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOP_TYPES } from '../../../core/poop';
import { activateLocale } from '../../i18n/i18n';
import { poopTypeDescription, poopTypeLabel, poopTypeName } from './poop-type-labels';

describe('poopTypeLabel', () => {
  beforeAll(() => activateLocale('en'));

  it('explains every one of the nine types in words', () => {
    const labels = POOP_TYPES.map((type) => poopTypeLabel(type));
    expect(new Set(labels).size).toBe(9);
    for (const type of POOP_TYPES) expect(poopTypeDescription(type).length).toBeGreaterThan(3);
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

describe('poopTypeLabel in Italian', () => {
  beforeAll(() => activateLocale('it'));
  afterAll(() => activateLocale('en'));

  it('names the types in Italian; the stored value stays the same', () => {
    expect(i18n.locale).toBe('it');
    expect(poopTypeName('Type 4')).toBe('Tipo 4');
    expect(poopTypeName('Indecise')).toBe('Indeciso');
    expect(poopTypeLabel('Type 1')).toBe('Tipo 1 — Pezzi duri separati');
    expect(poopTypeLabel('Other', { diary: true })).toBe('Altro — Fuori dalla scala');
  });
});
