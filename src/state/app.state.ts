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

const authAtom = atom<AuthState>({ resolved: false, uid: null });
const userAtom = atom<User | null>(null);
const configAtom = atom<ConfigResponse | null>(null);
const toastsAtom = atom<readonly Toast[]>([]);
const swUpdateAtom = atom<SwUpdate | null>(null);

export const useAuthState = (): AuthState => useAtomValue(authAtom);
/** The signed-in user's record from the API, null until it is loaded. */
export const useCurrentUser = (): User | null => useAtomValue(userAtom);
export const useConfig = (): ConfigResponse | null => useAtomValue(configAtom);
export const useToasts = (): readonly Toast[] => useAtomValue(toastsAtom);
export const useSwUpdate = (): SwUpdate | null => useAtomValue(swUpdateAtom);

export function setAuthState(auth: AuthState): void {
  store.set(authAtom, auth);
}

export function setCurrentUser(user: User | null): void {
  store.set(userAtom, user);
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
