import { POOP_DESCRIPTION_MAX_LENGTH, POOP_PLACE_NAME_MAX_LENGTH, POOP_TITLE_MAX_LENGTH } from '../../../core/constants';
import { reasonText } from '../../api/error-text';
import type { PoopType } from '../../../core/poop';

/** What the create form holds before it is sent. */
export interface PostDraft {
  hasPhoto: boolean;
  type: PoopType | null;
  title: string;
  description: string;
}

export type PostDraftField = 'photo' | 'type' | 'title' | 'description';
export type PostDraftErrors = Partial<Record<PostDraftField, string>>;

/** Characters as the API counts them (code points: an emoji is one). */
export function textLength(text: string): number {
  return Array.from(text).length;
}

/** '12/100': the counter under a limited field. */
export function lengthCounter(text: string, max: number): string {
  return `${textLength(text)}/${max}`;
}

export function titleError(title: string): string | undefined {
  return textLength(title.trim()) > POOP_TITLE_MAX_LENGTH ? reasonText('titleTooLong') : undefined;
}

export function descriptionError(description: string): string | undefined {
  return textLength(description.trim()) > POOP_DESCRIPTION_MAX_LENGTH ? reasonText('descriptionTooLong') : undefined;
}

/** Everything wrong with the draft, by field, with the texts the API would answer; empty when it can be sent. */
export function validatePostDraft(draft: PostDraft): PostDraftErrors {
  const errors: PostDraftErrors = {};
  if (!draft.hasPhoto) errors.photo = reasonText('photoMissing');
  if (draft.type === null) errors.type = reasonText('typeInvalid');
  const title = titleError(draft.title);
  if (title !== undefined) errors.title = title;
  const description = descriptionError(draft.description);
  if (description !== undefined) errors.description = description;
  return errors;
}

/** A looked-up place name cut to what a post may hold (addresses can be long), never blocking the post. */
export function clampPlaceName(placeName: string): string {
  const trimmed = placeName.trim();
  if (textLength(trimmed) <= POOP_PLACE_NAME_MAX_LENGTH) return trimmed;
  return `${Array.from(trimmed)
    .slice(0, POOP_PLACE_NAME_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}
