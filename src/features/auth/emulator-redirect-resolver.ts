/**
 * Google sign-in by redirect against the Firebase Auth emulator, without Google's iframe
 * library. The SDK's own resolver reads the redirect's answer through an iframe that it builds
 * with apis.google.com's gapi, which an offline machine cannot load and which a browser that
 * partitions third-party storage leaves empty. Instead, the server serves the emulator's fake
 * sign-in page on our origin (AUTH_EMULATOR_HANDLER_PATH); that page leaves its answer in our
 * sessionStorage, and this resolver hands it to the SDK. Everything else (pending state, the
 * sign-in or link call, getRedirectResult) stays the SDK's, so the app code is the same as
 * with real Firebase: signInWithRedirect, linkWithRedirect, getRedirectResult.
 *
 * It speaks the SDK's internal resolver contract (the underscored members), so it is used
 * only with the emulator, and its e2e test pins the behaviour to the installed SDK.
 */
import { FirebaseError } from 'firebase/app';
import { browserPopupRedirectResolver, type Auth, type AuthProvider, type PopupRedirectResolver } from 'firebase/auth';
import { emulatorHandlerUrl, parseRedirectEvent, redirectEventKey, StoredEventManager } from './emulator-redirect';

/** The members of the SDK's browser resolver that this one replaces. */
interface BrowserResolver {
  _initialize(auth: Auth): Promise<unknown>;
  _openPopup(auth: Auth, provider: AuthProvider, authType: string, eventId?: string): Promise<unknown>;
  _openRedirect(auth: Auth, provider: AuthProvider, authType: string, eventId?: string): Promise<never>;
  _isIframeWebStorageSupported(auth: Auth, callback: (supported: boolean) => void): void;
  _originValidation(auth: Auth): Promise<void>;
  readonly _shouldInitProactively: boolean;
}

// The SDK exports its resolver as an opaque PopupRedirectResolver; it is a class whose
// persistence and redirect-completion members this one inherits unchanged.
const BrowserResolverClass = browserPopupRedirectResolver as unknown as new () => BrowserResolver;

class EmulatorRedirectResolverImpl extends BrowserResolverClass {
  private manager: StoredEventManager | undefined;

  override async _initialize(auth: Auth): Promise<StoredEventManager> {
    if (!this.manager) {
      const key = redirectEventKey(auth.config.apiKey, auth.name);
      const event = parseRedirectEvent(sessionStorage.getItem(key));
      sessionStorage.removeItem(key);
      this.manager = new StoredEventManager(event);
    }
    return this.manager;
  }

  override async _openPopup(): Promise<never> {
    throw new FirebaseError('auth/operation-not-supported-in-this-environment', 'Use redirect sign-in with the Auth emulator.');
  }

  override async _openRedirect(auth: Auth, provider: AuthProvider, authType: string, eventId?: string): Promise<never> {
    const url = emulatorHandlerUrl(
      window.location.origin,
      { apiKey: auth.config.apiKey, appName: auth.name, authType, redirectUrl: window.location.href, eventId, tenantId: auth.tenantId },
      provider,
    );
    window.location.assign(url);
    // Like the SDK's: never settles, the page is leaving.
    return new Promise<never>(() => undefined);
  }

  override _isIframeWebStorageSupported(_auth: Auth, callback: (supported: boolean) => void): void {
    callback(true);
  }

  override async _originValidation(): Promise<void> {
    // The page is served by our own server, so there is no other origin to validate.
  }

  override get _shouldInitProactively(): boolean {
    return false;
  }
}

/** Pass as `popupRedirectResolver` to initializeAuth when the app talks to the Auth emulator. */
export const emulatorRedirectResolver = EmulatorRedirectResolverImpl as unknown as PopupRedirectResolver;
