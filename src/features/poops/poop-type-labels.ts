import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { PoopType } from '../../../core/poop';

/**
 * Each type's name as people read it. The stored value stays the spec's (`Type 1`, `Indecise`);
 * only the words shown change with the language ('Tipo 1'; `Indecise` reads "Undecided").
 */
const POOP_TYPE_NAMES: Readonly<Record<PoopType, MessageDescriptor>> = {
  'Type 1': msg`Type 1`,
  'Type 2': msg`Type 2`,
  'Type 3': msg`Type 3`,
  'Type 4': msg`Type 4`,
  'Type 5': msg`Type 5`,
  'Type 6': msg`Type 6`,
  'Type 7': msg`Type 7`,
  Other: msg`Other`,
  Indecise: msg`Undecided`,
};

/**
 * What each of the nine types means, in words (the Bristol stool scale for Type 1 to 7), so
 * the type is never told by colour or picture alone.
 */
const POOP_TYPE_DESCRIPTIONS: Readonly<Record<PoopType, MessageDescriptor>> = {
  'Type 1': msg`Separate hard lumps`,
  'Type 2': msg`Lumpy and sausage-like`,
  'Type 3': msg`Sausage with cracks on the surface`,
  'Type 4': msg`Smooth, soft sausage or snake`,
  'Type 5': msg`Soft blobs with clear-cut edges`,
  'Type 6': msg`Mushy, fluffy pieces with ragged edges`,
  'Type 7': msg`Watery, no solid pieces`,
  Other: msg`Not on the scale; reviewed before it is shown`,
  Indecise: msg`Not sure`,
};

/** A private diary entry is never reviewed: Other there is only "not on the scale". */
const PRIVATE_OTHER_DESCRIPTION = msg`Not on the scale`;

/** A type's name in the reader's language: 'Type 1' ('Tipo 1'), 'Undecided' for `Indecise`. */
export function poopTypeName(type: PoopType): string {
  return i18n._(POOP_TYPE_NAMES[type]);
}

/** What a type looks like ('Separate hard lumps'); `diary` for a private entry, where nothing is reviewed. */
export function poopTypeDescription(type: PoopType, { diary = false }: { diary?: boolean } = {}): string {
  return i18n._(diary && type === 'Other' ? PRIVATE_OTHER_DESCRIPTION : POOP_TYPE_DESCRIPTIONS[type]);
}

/** 'Type 1 — Separate hard lumps'; `diary` for a private entry, where nothing is reviewed. */
export function poopTypeLabel(type: PoopType, options: { diary?: boolean } = {}): string {
  const name = poopTypeName(type);
  const description = poopTypeDescription(type, options);
  return t`${name} — ${description}`;
}
