/** The install offer (issue 45): from the second visit, or once the user has posted. */
export const INSTALL_OFFER_MIN_VISITS = 2;

export interface InstallOfferInput {
  /** Visits of this browser to the app, this one included. */
  visits: number;
  /** The user has posted from this browser. */
  hasPosted: boolean;
  /** The user dismissed the offer (or was shown the one-time iOS sheet). */
  dismissed: boolean;
  /** Still on the page this visit opened on: nothing is offered there. */
  onFirstPage: boolean;
  /** The app already runs installed. */
  standalone: boolean;
  /** The browser holds an install prompt (beforeinstallprompt). */
  canPrompt: boolean;
  /** iOS Safari, which has no prompt: the user adds the app from the Share menu. */
  ios: boolean;
}

export type InstallOffer = 'prompt' | 'ios-sheet' | 'none';

/**
 * What to offer now: the browser's install prompt, the iOS "Add to Home Screen" sheet, or
 * nothing. Never on the page a visit opens on, never before the second visit or the first post,
 * never again once dismissed, and nothing a browser cannot do.
 */
export function installOffer(input: InstallOfferInput): InstallOffer {
  if (input.standalone || input.dismissed || input.onFirstPage) return 'none';
  if (input.visits < INSTALL_OFFER_MIN_VISITS && !input.hasPosted) return 'none';
  if (input.canPrompt) return 'prompt';
  if (input.ios) return 'ios-sheet';
  return 'none';
}
