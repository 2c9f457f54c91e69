import type { Poop, UpdatePoopBody } from '../../../core/poop-api';

/** The edit form's fields that differ from the post (text trimmed, as the server stores it): PATCH sends only those. */
export function changedFields(poop: Pick<Poop, keyof UpdatePoopBody>, draft: Required<UpdatePoopBody>): UpdatePoopBody {
  const body: UpdatePoopBody = {};
  if (draft.title.trim() !== poop.title) body.title = draft.title.trim();
  if (draft.description.trim() !== poop.description) body.description = draft.description.trim();
  if (draft.type !== poop.type) body.type = draft.type;
  if (draft.private !== poop.private) body.private = draft.private;
  if (draft.showInMap !== poop.showInMap) body.showInMap = draft.showInMap;
  return body;
}
