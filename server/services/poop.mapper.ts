import type { Comment, Poop } from '../../core/poop-api';
import { poopImageUrl } from '../../core/poop-api';
import type { PoopViewer } from '../../core/poop';
import type { PoopType } from '../../core/poop';
import { toPoopDate } from '../../core/poop-date';
import { isPremium, type SubscriptionStatus } from '../../core/user';
import type { CommentView } from '../repositories/comment.repository';
import type { PoopListRow, PoopWithLike } from '../repositories/poop.repository';

/**
 * The API form of a post (spec field names, New York dates). Its coordinates and geohash go to
 * its author only: anyone else (admins included) gets none, here or in any list; the map
 * (services/map.service.ts) is the one place others see a position, coarsened by
 * core/map-privacy.ts. The place name is the owner's choice to publish: without showInMap only
 * the owner and admins see it, and in a hidden cell (core/map-privacy.ts) only the owner. The moderation fields (AI screening, verifications) go to admins
 * only, and only from a full row (lists select the public columns).
 */
export function toApiPoop(row: PoopListRow | PoopWithLike, viewer: PoopViewer | undefined): Poop {
  const isAuthor = viewer !== undefined && viewer.uid === row.uid;
  // A post in a hidden cell of its author names no place to anyone else, admins included.
  const seesLocation = isAuthor || (!row.placeHidden && (row.showInMap || viewer?.admin === true));
  const poop: Poop = {
    id: row.id,
    geohash: isAuthor ? row.geohash : '',
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
    latitude: isAuthor ? row.latitude : null,
    longitude: isAuthor ? row.longitude : null,
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
    isUserPremium: isPremium({
      premium: row.userPremium,
      subscriptionStatus: row.userSubscriptionStatus as SubscriptionStatus,
      admin: row.userAdmin,
    }),
    text: row.text,
    created: row.created.toISOString(),
    likes: row.likes,
    likedByMe: row.likedByMe,
  };
}
