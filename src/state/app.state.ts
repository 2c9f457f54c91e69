/**
 * Client state. This is the only file that imports jotai: components read state through the
 * hooks below, and non-React code (auth listener, service-worker registration, online/offline
 * listeners) writes it through the setters, which use jotai's default store.
 */
import { useMemo } from 'react';
import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { ConfigResponse } from '../../core/api';
import type { Poop } from '../../core/poop-api';
import type { User } from '../../core/user';

export interface AuthState {
  /** The Firebase auth state has reported at least once. */
  resolved: boolean;
  /** uid of the Firebase user, or null when signed out. */
  uid: string | null;
  /** The Firebase user is a silent anonymous one ("Try it first"), not yet linked to a sign-in. */
  isAnonymous: boolean;
}

/** Something a visitor tried that needs an account (spec section 6: post, like, comment, follow). */
export type AccountAction = 'post' | 'like' | 'comment' | 'follow' | 'keep-account';

/** The login wall (spec section 2, app-wide elements): open or closed, and why it opened. */
export interface LoginWallState {
  open: boolean;
  action: AccountAction | null;
}

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

/** Activates the waiting service worker and reloads once it controls the page. */
export interface SwUpdate {
  apply: () => void;
}

/** The feed ('For you'): which posts, in order, and where the next page starts. */
export interface FeedState {
  ids: readonly string[];
  nextCursor: string | null;
  /** The first page has arrived at least once. */
  loaded: boolean;
  /** Whose view it is (likedByMe differs per user): the uid that loaded the first page. */
  viewerUid: string | null;
}

/** Geolocation permission as the app last saw it (spec section 3, Location context). */
export type LocationPermission = 'granted' | 'denied';

const store = getDefaultStore();

const authAtom = atom<AuthState>({ resolved: false, uid: null, isAnonymous: false });
const userAtom = atom<User | null>(null);
const configAtom = atom<ConfigResponse | null>(null);
const toastsAtom = atom<readonly Toast[]>([]);
const swUpdateAtom = atom<SwUpdate | null>(null);
const loginWallAtom = atom<LoginWallState>({ open: false, action: null });
/** Every post on screen, by id (spec section 3, Client state: add, update by id); the feed and a post's page share it. */
const poopsAtom = atom<Readonly<Record<string, Poop>>>({});
const feedAtom = atom<FeedState>({ ids: [], nextCursor: null, loaded: false, viewerUid: null });
const feedPoopsAtom = atom((get) => {
  const poops = get(poopsAtom);
  return get(feedAtom).ids.flatMap((id) => poops[id] ?? []);
});
const locationPermissionAtom = atom<LocationPermission | null>(null);
/** Posts whose photo the user has unblurred, so it stays so in the feed and on the post's page. */
const revealedPhotosAtom = atom<ReadonlySet<string>>(new Set<string>());

export const useAuthState = (): AuthState => useAtomValue(authAtom);
/** The signed-in user's record from the API, null until it is loaded. */
export const useCurrentUser = (): User | null => useAtomValue(userAtom);
export const useConfig = (): ConfigResponse | null => useAtomValue(configAtom);
export const useToasts = (): readonly Toast[] => useAtomValue(toastsAtom);
export const useSwUpdate = (): SwUpdate | null => useAtomValue(swUpdateAtom);
export const useLoginWall = (): LoginWallState => useAtomValue(loginWallAtom);
export const useFeed = (): FeedState => useAtomValue(feedAtom);
/** The feed's posts, in order. */
export const useFeedPoops = (): readonly Poop[] => useAtomValue(feedPoopsAtom);
/** Null until the user has been asked (or the browser has told us). */
export const useLocationPermission = (): LocationPermission | null => useAtomValue(locationPermissionAtom);

export function usePhotoRevealed(id: string): boolean {
  const revealedAtom = useMemo(() => atom((get) => get(revealedPhotosAtom).has(id)), [id]);
  return useAtomValue(revealedAtom);
}

/** One post from the shared list; re-renders only when that post changes. */
export function usePoop(id: string): Poop | undefined {
  const poopAtom = useMemo(() => atom((get) => get(poopsAtom)[id]), [id]);
  return useAtomValue(poopAtom);
}

export function setAuthState(auth: AuthState): void {
  store.set(authAtom, auth);
}

export function setCurrentUser(user: User | null): void {
  store.set(userAtom, user);
}

/** The user record as it is now (for handlers that must not wait for a re-render). */
export function getCurrentUser(): User | null {
  return store.get(userAtom);
}

export function openLoginWall(action: AccountAction): void {
  store.set(loginWallAtom, { open: true, action });
}

export function closeLoginWall(): void {
  store.set(loginWallAtom, (wall) => ({ ...wall, open: false }));
}

export function setConfig(config: ConfigResponse): void {
  store.set(configAtom, config);
}

let nextToastId = 1;

export function pushToast(message: string, severity: ToastSeverity): void {
  const toast: Toast = { id: nextToastId++, message, severity };
  store.set(toastsAtom, (toasts) => [...toasts, toast]);
}

export function dismissToast(id: number): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

export function setSwUpdate(update: SwUpdate | null): void {
  store.set(swUpdateAtom, update);
}

/** Adds posts to the shared list, or replaces the ones it already holds (by id). */
export function rememberPoops(poops: readonly Poop[]): void {
  if (poops.length === 0) return;
  store.set(poopsAtom, (current) => {
    const next = { ...current };
    for (const poop of poops) next[poop.id] = poop;
    return next;
  });
}

/** The post as it is now (for rolling back an optimistic change). */
export function getPoop(id: string): Poop | undefined {
  return store.get(poopsAtom)[id];
}

/** Changes one post wherever it is shown; nothing happens if it is not in the list. */
export function updatePoop(id: string, change: (poop: Poop) => Poop): void {
  store.set(poopsAtom, (current) => {
    const poop = current[id];
    return poop === undefined ? current : { ...current, [id]: change(poop) };
  });
}

/** A page of the feed arrived for `viewerUid`: the first page replaces the feed, later ones extend it. */
export function setFeedPage(page: { poops: readonly Poop[]; nextCursor: string | null }, append: boolean, viewerUid: string | null): void {
  const { poops, nextCursor } = page;
  rememberPoops(poops);
  store.set(feedAtom, (feed) => {
    const ids = poops.map((poop) => poop.id);
    if (!append) return { ids, nextCursor, loaded: true, viewerUid };
    const seen = new Set(feed.ids);
    return { ids: [...feed.ids, ...ids.filter((id) => !seen.has(id))], nextCursor, loaded: true, viewerUid };
  });
}

/** Puts a post at the top of the feed (a new post, or one just edited). */
export function addPoopToFeed(poop: Poop): void {
  rememberPoops([poop]);
  store.set(feedAtom, (feed) => ({ ...feed, ids: [poop.id, ...feed.ids.filter((id) => id !== poop.id)] }));
}

/** Takes a post out of the feed (deleted, or no longer public); it stays known by id. */
export function removePoopFromFeed(id: string): void {
  store.set(feedAtom, (feed) => (feed.ids.includes(id) ? { ...feed, ids: feed.ids.filter((other) => other !== id) } : feed));
}

export function setLocationPermission(permission: LocationPermission): void {
  store.set(locationPermissionAtom, permission);
}

export function setPhotoRevealed(id: string, revealed: boolean): void {
  store.set(revealedPhotosAtom, (current) => {
    if (current.has(id) === revealed) return current;
    const next = new Set(current);
    if (revealed) next.add(id);
    else next.delete(id);
    return next;
  });
}
