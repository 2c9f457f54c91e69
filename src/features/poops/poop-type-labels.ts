import type { PoopType } from '../../../core/poop';

/**
 * What each of the nine types means, in words (the Bristol stool scale for Type 1 to 7), so
 * the type is never told by colour or picture alone.
 */
export const POOP_TYPE_DESCRIPTIONS: Readonly<Record<PoopType, string>> = {
  'Type 1': 'Separate hard lumps',
  'Type 2': 'Lumpy and sausage-like',
  'Type 3': 'Sausage with cracks on the surface',
  'Type 4': 'Smooth, soft sausage or snake',
  'Type 5': 'Soft blobs with clear-cut edges',
  'Type 6': 'Mushy, fluffy pieces with ragged edges',
  'Type 7': 'Watery, no solid pieces',
  Other: 'Not on the scale; reviewed before it is shown',
  Indecise: 'Not sure',
};

/** A private diary entry is never reviewed: Other there is only "not on the scale". */
const PRIVATE_OTHER_DESCRIPTION = 'Not on the scale';

/**
 * A type's name as people read it: the stored value, except the spec's `Indecise`, which stays
 * stored as such and reads "Undecided" in English.
 */
export function poopTypeName(type: PoopType): string {
  return type === 'Indecise' ? 'Undecided' : type;
}

/** 'Type 1 — Separate hard lumps'; `diary` for a private entry, where nothing is reviewed. */
export function poopTypeLabel(type: PoopType, { diary = false }: { diary?: boolean } = {}): string {
  const description = diary && type === 'Other' ? PRIVATE_OTHER_DESCRIPTION : POOP_TYPE_DESCRIPTIONS[type];
  return `${poopTypeName(type)} — ${description}`;
}
