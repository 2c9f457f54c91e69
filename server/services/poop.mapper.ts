import type { Comment, Poop } from '../../core/poop-api';
import { poopImageUrl } from '../../core/poop-api';
import type { PoopViewer } from '../../core/poop';
import type { PoopType } from '../../core/poop';
import { toPoopDate } from '../../core/poop-date';
import type { CommentView } from '../repositories/comment.repository';
import type { PoopListRow, PoopWithLike } from '../repositories/poop.repository';

/**
 * The API form of a post (spec field names, New York dates). Where it was posted (coordinates,
 * geohash and place name) is the owner's choice to publish: without showInMap only the owner
 * and admins see it. The moderation fields (AI screening, verifications) go to admins only, and
 * only from a full row (lists select the public columns).
 */
export function toApiPoop(row: PoopListRow | PoopWithLike, viewer: PoopViewer | undefined): Poop {
  const seesLocation = row.showInMap || viewer?.uid === row.uid || viewer?.admin === true;
  const poop: Poop = {
    id: row.id,
    geohash: seesLocation ? row.geohash : '',
    image: poopImageUrl(row.id, 'display'),
    thumbnail: poopImageUrl(row.id, 'thumb'),
    placeholder: row.placeholder,
    width: row.width,
    height: row.height,
    type: row.type as PoopType,
    title: row.title,
    description: row.description,
    likes: row.likes,
    comments: row.comments,
    status: row.status,
    uid: row.uid,
    userPhotoURL: row.userPhotoUrl,
    username: row.username,
    createdDate: toPoopDate(row.createdDate),
    modifiedDate: toPoopDate(row.modifiedDate),
    isCompleted: row.isCompleted,
    verified: row.verified,
    deleted: row.deleted,
    isUserPremium: row.isUserPremium,
    private: row.private,
    showInMap: row.showInMap,
    placeName: seesLocation ? row.placeName : '',
    latitude: seesLocation ? row.latitude : null,
    longitude: seesLocation ? row.longitude : null,
    likedByMe: row.likedByMe,
  };
  if (viewer?.admin === true && 'aiScreening' in row) {
    poop.aiScreening = row.aiScreening ?? null;
    poop.firstVerification = row.firstVerification;
    poop.secondVerification = row.secondVerification;
    poop.thirdVerification = row.thirdVerification;
    poop.needSecondVerification = row.needSecondVerification;
    poop.needThirdVerification = row.needThirdVerification;
  }
  return poop;
}

export function toApiComment(row: CommentView): Comment {
  return {
    id: row.id,
    poopId: row.poopId,
    uid: row.uid,
    username: row.username,
    userPhotoURL: row.userPhotoUrl,
    text: row.text,
    created: row.created.toISOString(),
    likes: row.likes,
    likedByMe: row.likedByMe,
  };
}
