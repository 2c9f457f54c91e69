import type {
  CommentPageResponse,
  CommentResponse,
  CreateCommentBody,
  LikeResponse,
  Poop,
  PoopPageResponse,
  PoopResponse,
  CreatePoopResponse,
  ActivityEarned,
  ReverseGeocodeResponse,
  UpdatePoopBody,
} from '../../core/poop-api';
import type { PoopType } from '../../core/poop';
import type { HealthDetails } from '../../core/diary';
import { hasHealthDetails } from '../../core/health-details';
import { i18n } from '../i18n/i18n';
import { apiFetch, uploadForm } from './api-client';
import { enqueue, sendOrQueue, type Queued } from './outbox';

/** Posts, the feed, likes, comments and reverse geocoding (core/poop-api.ts has the shapes). */

const cursorQuery = (cursor: string | null): string => (cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`);

/** The text fields of a new post; `photo` goes alongside as a file. */
export interface NewPoopFields {
  type: PoopType;
  title: string;
  description: string;
  private: boolean;
  showInMap: boolean;
  /** Both or neither (the server refuses one alone). */
  location: { latitude: number; longitude: number; placeName: string } | null;
  /** When the user pressed Post: the post is dated so, also when it waited in the outbox. */
  madeAt: Date;
  /** The author's private health details (issue 43); sent only when one was answered. */
  health?: HealthDetails;
}

export interface CreatedPoop {
  poop: Poop;
  /** False when the server already had a post under this id (a retry): it answers the stored one. */
  created: boolean;
  /** What the post earned, as the server computed it in the post's transaction (absent on a retry). */
  earned?: ActivityEarned;
}

/** The text fields of PUT /api/poops/:id, in order. */
export function newPoopFieldList(fields: NewPoopFields): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ['type', fields.type],
    ['title', fields.title],
    ['description', fields.description],
    ['private', String(fields.private)],
    ['showInMap', String(fields.showInMap)],
    ['createdDate', fields.madeAt.toISOString()],
  ];
  if (fields.location !== null) {
    list.push(
      ['latitude', String(fields.location.latitude)],
      ['longitude', String(fields.location.longitude)],
      ['placeName', fields.location.placeName],
    );
  }
  if (fields.health !== undefined && hasHealthDetails(fields.health)) list.push(['health', JSON.stringify(fields.health)]);
  return list;
}

/** The multipart body of PUT /api/poops/:id: text fields first, then the photo. */
export function newPoopForm(fields: NewPoopFields, photo: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of newPoopFieldList(fields)) form.append(name, value);
  form.append('photo', photo, fileName);
  return form;
}

/**
 * Queues a new post in the outbox (offline, or the upload failed for a network reason): the
 * photo is stored as bytes plus MIME type. Rejects with OutboxPersistError if IndexedDB refuses.
 */
export async function queuePoop(id: string, fields: NewPoopFields, photo: Blob, fileName: string): Promise<Queued> {
  const bytes = await photo.arrayBuffer();
  return enqueue({
    kind: 'poop-create',
    method: 'PUT',
    path: `/api/poops/${encodeURIComponent(id)}`,
    target: id,
    photo: { bytes, type: photo.type || 'image/jpeg', fileName, fields: newPoopFieldList(fields) },
  });
}

/**
 * Posts a poop under a client-generated UUID (PUT /api/poops/:id, multipart/form-data),
 * reporting upload progress (0..1). Retrying with the same id stores it once.
 */
export async function createPoop(id: string, form: FormData, onProgress: (fraction: number) => void): Promise<CreatedPoop> {
  const { status, body } = await uploadForm<CreatePoopResponse>(`/api/poops/${encodeURIComponent(id)}`, form, onProgress);
  return { poop: body.poop, created: status === 201, ...(body.earned ? { earned: body.earned } : {}) };
}

/** One page of 'For you', newest modification first; pass the previous nextCursor to go on. */
export function getFeed(cursor: string | null, signal?: AbortSignal): Promise<PoopPageResponse> {
  return apiFetch<PoopPageResponse>(`/api/poops/feed${cursorQuery(cursor)}`, { signal });
}

export async function getPoop(id: string, signal?: AbortSignal): Promise<Poop> {
  const { poop } = await apiFetch<PoopResponse>(`/api/poops/${encodeURIComponent(id)}`, { signal });
  return poop;
}

/** The owner edits title, description, type, private or showInMap (at least one). */
export async function updatePoop(id: string, body: UpdatePoopBody): Promise<Poop> {
  const { poop } = await apiFetch<PoopResponse>(`/api/poops/${encodeURIComponent(id)}`, { method: 'PATCH', body });
  return poop;
}

/** Deletes a post, or queues the deletion (see sendOrQueue). */
export function deletePoop(id: string): Promise<void | Queued> {
  return sendOrQueue<void>({ kind: 'poop-delete', method: 'DELETE', path: `/api/poops/${encodeURIComponent(id)}`, target: id });
}

/** Likes (PUT) or unlikes (DELETE) a post; both are idempotent. Queued offline (see sendOrQueue). */
export function setPoopLike(id: string, liked: boolean): Promise<LikeResponse | Queued> {
  return sendOrQueue<LikeResponse>({
    kind: liked ? 'poop-like' : 'poop-unlike',
    method: liked ? 'PUT' : 'DELETE',
    path: `/api/poops/${encodeURIComponent(id)}/like`,
    target: id,
  });
}

/** One page of a post's comments, oldest first. */
export function getComments(poopId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentPageResponse> {
  return apiFetch<CommentPageResponse>(`/api/poops/${encodeURIComponent(poopId)}/comments${cursorQuery(cursor)}`, { signal });
}

/** Comments under a client-generated UUID, so a retry is stored once; queued offline (see sendOrQueue). */
export async function addComment(poopId: string, body: CreateCommentBody): Promise<CommentResponse['comment'] | Queued> {
  const answer = await sendOrQueue<CommentResponse>({
    kind: 'comment-create',
    method: 'POST',
    path: `/api/poops/${encodeURIComponent(poopId)}/comments`,
    target: poopId,
    body,
  });
  return 'comment' in answer ? answer.comment : answer;
}

export function deleteComment(id: string): Promise<void | Queued> {
  return sendOrQueue<void>({ kind: 'comment-delete', method: 'DELETE', path: `/api/comments/${encodeURIComponent(id)}`, target: id });
}

export function setCommentLike(id: string, liked: boolean): Promise<LikeResponse | Queued> {
  return sendOrQueue<LikeResponse>({
    kind: liked ? 'comment-like' : 'comment-unlike',
    method: liked ? 'PUT' : 'DELETE',
    path: `/api/comments/${encodeURIComponent(id)}/like`,
    target: id,
  });
}

/**
 * The place name at these coordinates; empty when the lookup failed (the server never blocks on it).
 * Its country is named in the app's language (the account's choice), not the browser's.
 */
export async function reverseGeocode(latitude: number, longitude: number, signal?: AbortSignal): Promise<string> {
  const { placeName } = await apiFetch<ReverseGeocodeResponse>(
    `/api/geocode/reverse?lat=${encodeURIComponent(latitude)}&lon=${encodeURIComponent(longitude)}`,
    { signal, headers: { 'Accept-Language': i18n.locale } },
  );
  return placeName;
}
