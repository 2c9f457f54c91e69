/**
 * The pure half of Google sign-in against the Auth emulator (see emulator-redirect-resolver.ts):
 * where the emulator's page leaves its answer, how to read it, the URL of the page, and the
 * hand-over of the answer to the SDK's pending operation.
 */
import { FirebaseError } from 'firebase/app';
import type { AuthProvider } from 'firebase/auth';
import { AUTH_EMULATOR_HANDLER_PATH } from '../../../core/api-paths';

/** What the emulator's page stores: the SDK's AuthEvent. */
export interface EmulatorAuthEvent {
  type: string;
  eventId?: string | null;
  urlResponse?: string | null;
  sessionId?: string | null;
  postBody?: string | null;
  tenantId?: string | null;
  error?: { code: string; message?: string } | null;
}

/** A pending sign-in, link or re-authentication operation of the SDK. */
export interface EventConsumer {
  filter: readonly string[];
  eventId: string | null;
  onAuthEvent(event: EmulatorAuthEvent): void | Promise<void>;
  onError(error: unknown): void;
}

/** The SDK's answer when there is no redirect to complete. */
const NO_EVENT: EmulatorAuthEvent = { type: 'unknown', eventId: null, error: { code: 'auth/no-auth-event' } };

/** The sessionStorage key under which the emulator's page leaves its answer. */
export function redirectEventKey(apiKey: string, appName: string): string {
  return `firebase:redirectEvent:${apiKey}:${appName}`;
}

/** Parses a stored answer; anything unreadable counts as none. */
export function parseRedirectEvent(text: string | null): EmulatorAuthEvent | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') return null;
    return value as EmulatorAuthEvent;
  } catch {
    // A damaged entry cannot finish a sign-in; the redirect then resolves to nothing.
    return null;
  }
}

/** Hands the one stored answer to the first operation it is for, as the SDK's manager does. */
export class StoredEventManager {
  private event: EmulatorAuthEvent | null;

  constructor(event: EmulatorAuthEvent | null) {
    this.event = event;
  }

  registerConsumer(consumer: EventConsumer): void {
    const event = this.event ?? NO_EVENT;
    const forConsumer =
      consumer.filter.includes(event.type) && (consumer.eventId === null || (!!event.eventId && event.eventId === consumer.eventId));
    if (!forConsumer) return;
    this.event = null;
    if (event.error && event !== NO_EVENT) {
      consumer.onError(new FirebaseError(event.error.code, event.error.message ?? event.error.code));
      return;
    }
    void consumer.onAuthEvent(event);
  }

  unregisterConsumer(): void {
    // Nothing is held per consumer: the one event is handed over at registration.
  }
}

/** The handler URL the SDK would build for the emulator, on our origin instead. */
export function emulatorHandlerUrl(
  origin: string,
  params: { apiKey: string; appName: string; authType: string; redirectUrl: string; eventId?: string; tenantId?: string | null },
  provider: AuthProvider,
): string {
  const query = new URLSearchParams({
    apiKey: params.apiKey,
    appName: params.appName,
    authType: params.authType,
    redirectUrl: params.redirectUrl,
    providerId: provider.providerId,
  });
  if (params.eventId) query.set('eventId', params.eventId);
  if (params.tenantId) query.set('tid', params.tenantId);
  const oauth = provider as Partial<{ getScopes: () => string[]; getCustomParameters: () => Record<string, string> }>;
  const scopes = oauth.getScopes?.().filter((scope) => scope !== '') ?? [];
  if (scopes.length > 0) query.set('scopes', scopes.join(','));
  const custom = oauth.getCustomParameters?.() ?? {};
  if (Object.keys(custom).length > 0) query.set('customParameters', JSON.stringify(custom));
  return `${origin}${AUTH_EMULATOR_HANDLER_PATH}?${query.toString()}`;
}
