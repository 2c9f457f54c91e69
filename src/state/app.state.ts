/**
 * Client state; server state lives in the TanStack Query cache (src/api). This is the only file
 * that imports jotai: components read state through the hooks below, and non-React code (auth listener, service-worker registration, online/offline
 * listeners) writes it through the setters, which use jotai's default store.
 */
import { useMemo } from 'react';
import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { ConfigResponse } from '../../core/api';
import type { PostPayoff } from '../../core/post-payoff';
import { withoutGroup, withToast } from '../components/toast/toast-queue';

// The user record is server state: it lives in the query cache (api/me.queries.ts). Re-exported
// for the auth session (which stores it) and the theme (which reads it).
export { setCurrentUser, useCurrentUser } from '../api/me.queries';

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
  /** Toasts of one group (a form, the connection) replace each other (components/toast/toast-queue.ts). */
  group?: string;
}

/** Activates the waiting service worker and reloads once it controls the page. */
export interface SwUpdate {
  apply: () => void;
}

/** Geolocation permission as the app last saw it (spec section 3, Location context). */
export type LocationPermission = 'granted' | 'denied';

const store = getDefaultStore();

const authAtom = atom<AuthState>({ resolved: false, uid: null, isAnonymous: false });
const configAtom = atom<ConfigResponse | null>(null);
const toastsAtom = atom<readonly Toast[]>([]);
const swUpdateAtom = atom<SwUpdate | null>(null);
const loginWallAtom = atom<LoginWallState>({ open: false, action: null });
const locationPermissionAtom = atom<LocationPermission | null>(null);
/** Posts whose photo the user has unblurred, so it stays so in the feed and on the post's page. */
const revealedPhotosAtom = atom<ReadonlySet<string>>(new Set<string>());
/** What the last post or diary entry earned (streak, milestone, first one), shown above the feed until closed. */
const postPayoffAtom = atom<ShownPayoff | null>(null);

/** A pay-off as shown: `diaryEntry` when a diary-only entry earned it (issue 64), so it says "entry". */
export type ShownPayoff = PostPayoff & { diaryEntry?: boolean };

export const useAuthState = (): AuthState => useAtomValue(authAtom);
export const useToasts = (): readonly Toast[] => useAtomValue(toastsAtom);
export const useSwUpdate = (): SwUpdate | null => useAtomValue(swUpdateAtom);
export const useLoginWall = (): LoginWallState => useAtomValue(loginWallAtom);
/** Null until the user has been asked (or the browser has told us). */
export const useLocationPermission = (): LocationPermission | null => useAtomValue(locationPermissionAtom);

export function usePhotoRevealed(id: string): boolean {
  const revealedAtom = useMemo(() => atom((get) => get(revealedPhotosAtom).has(id)), [id]);
  return useAtomValue(revealedAtom);
}

/** The auth state as it is now, for code outside React (a route's loader). */
export const getAuthState = (): AuthState => store.get(authAtom);

export function setAuthState(auth: AuthState): void {
  store.set(authAtom, auth);
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

export function pushToast(message: string, severity: ToastSeverity, group?: string): void {
  const toast: Toast = { id: nextToastId++, message, severity, ...(group === undefined ? {} : { group }) };
  store.set(toastsAtom, (toasts) => withToast(toasts, toast));
}

/** Drops the toasts of `group`, shown or waiting (a form that succeeded: its warnings are stale). */
export function dropToasts(group: string): void {
  store.set(toastsAtom, (toasts) => withoutGroup(toasts, group));
}

export function dismissToast(id: number): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

export function setSwUpdate(update: SwUpdate | null): void {
  store.set(swUpdateAtom, update);
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

export const usePostPayoff = (): ShownPayoff | null => useAtomValue(postPayoffAtom);

export function setPostPayoff(payoff: ShownPayoff | null): void {
  store.set(postPayoffAtom, payoff);
}
