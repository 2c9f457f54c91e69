import type {
  CommentPageResponse,
  CommentResponse,
  CreateCommentBody,
  LikeResponse,
  Poop,
  PoopPageResponse,
  PoopResponse,
  ReverseGeocodeResponse,
  UpdatePoopBody,
} from '../../core/poop-api';
import type { PoopType } from '../../core/poop';
import { apiFetch, uploadForm } from './api-client';

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
}

export interface CreatedPoop {
  poop: Poop;
  /** False when the server already had a post under this id (a retry): it answers the stored one. */
  created: boolean;
}

/** The multipart body of PUT /api/poops/:id: text fields first, then the photo. */
export function newPoopForm(fields: NewPoopFields, photo: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('type', fields.type);
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('private', String(fields.private));
  form.append('showInMap', String(fields.showInMap));
  if (fields.location !== null) {
    form.append('latitude', String(fields.location.latitude));
    form.append('longitude', String(fields.location.longitude));
    form.append('placeName', fields.location.placeName);
  }
  form.append('photo', photo, fileName);
  return form;
}

/**
 * Posts a poop under a client-generated UUID (PUT /api/poops/:id, multipart/form-data),
 * reporting upload progress (0..1). Retrying with the same id stores it once.
 */
export async function createPoop(id: string, form: FormData, onProgress: (fraction: number) => void): Promise<CreatedPoop> {
  const { status, body } = await uploadForm<PoopResponse>(`/api/poops/${encodeURIComponent(id)}`, form, onProgress);
  return { poop: body.poop, created: status === 201 };
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

export function deletePoop(id: string): Promise<void> {
  return apiFetch<void>(`/api/poops/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Likes (PUT) or unlikes (DELETE) a post; both are idempotent. */
export function setPoopLike(id: string, liked: boolean): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(`/api/poops/${encodeURIComponent(id)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

/** One page of a post's comments, oldest first. */
export function getComments(poopId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentPageResponse> {
  return apiFetch<CommentPageResponse>(`/api/poops/${encodeURIComponent(poopId)}/comments${cursorQuery(cursor)}`, { signal });
}

/** Comments under a client-generated UUID, so a retry is stored once. */
export async function addComment(poopId: string, body: CreateCommentBody): Promise<CommentResponse['comment']> {
  const { comment } = await apiFetch<CommentResponse>(`/api/poops/${encodeURIComponent(poopId)}/comments`, { method: 'POST', body });
  return comment;
}

export function deleteComment(id: string): Promise<void> {
  return apiFetch<void>(`/api/comments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function setCommentLike(id: string, liked: boolean): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(`/api/comments/${encodeURIComponent(id)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

/** The place name at these coordinates; empty when the lookup failed (the server never blocks on it). */
export async function reverseGeocode(latitude: number, longitude: number, signal?: AbortSignal): Promise<string> {
  const { placeName } = await apiFetch<ReverseGeocodeResponse>(
    `/api/geocode/reverse?lat=${encodeURIComponent(latitude)}&lon=${encodeURIComponent(longitude)}`,
    { signal },
  );
  return placeName;
}
