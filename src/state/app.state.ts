/**
 * Client state. This is the only file that imports jotai: components read state through the
 * hooks below, and non-React code (auth listener, service-worker registration, online/offline
 * listeners) writes it through the setters, which use jotai's default store.
 */
import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { ConfigResponse } from '../../core/api';
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

const store = getDefaultStore();

const authAtom = atom<AuthState>({ resolved: false, uid: null, isAnonymous: false });
const userAtom = atom<User | null>(null);
const configAtom = atom<ConfigResponse | null>(null);
const toastsAtom = atom<readonly Toast[]>([]);
const swUpdateAtom = atom<SwUpdate | null>(null);
const loginWallAtom = atom<LoginWallState>({ open: false, action: null });

export const useAuthState = (): AuthState => useAtomValue(authAtom);
/** The signed-in user's record from the API, null until it is loaded. */
export const useCurrentUser = (): User | null => useAtomValue(userAtom);
export const useConfig = (): ConfigResponse | null => useAtomValue(configAtom);
export const useToasts = (): readonly Toast[] => useAtomValue(toastsAtom);
export const useSwUpdate = (): SwUpdate | null => useAtomValue(swUpdateAtom);
export const useLoginWall = (): LoginWallState => useAtomValue(loginWallAtom);

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
