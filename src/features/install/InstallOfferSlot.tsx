import { useState, useSyncExternalStore } from 'react';
import { useLocation } from '@tanstack/react-router';
import { installOffer } from '../../../core/install-offer';
import { isStandaloneDisplay } from '../../lib/display-mode';
import { canPromptInstall, needsIosInstallInstructions, subscribeInstallPrompt } from '../../lib/install-prompt';
import { lazyPart } from '../../lib/lazy-part';
import { hasPosted, installDismissed, recordVisit, rememberInstallDismissed } from './install-offer-storage';

/** The offer's card and sheet: shown to few, so their code loads only when there is something to offer. */
const InstallOffer = lazyPart('install offer', () => import('./InstallOffer').then((m) => m.InstallOffer));

/**
 * Where the app's install offer goes in /root (issue 45). core/install-offer.ts decides what to
 * offer, from this visit (counted, and the page it opened on kept, as the shell starts) and this
 * browser. Nothing is offered on the page a visit opens on, so a visit that stays there, or a
 * browser with nothing to offer, never fetches the offer's code.
 */
export function InstallOfferSlot() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [openedOn] = useState(pathname);
  const [moved, setMoved] = useState(false);
  if (!moved && pathname !== openedOn) setMoved(true);
  const [visits] = useState(recordVisit);
  const [dismissed, setDismissed] = useState(installDismissed);
  const canPrompt = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall);
  const offer = installOffer({
    visits,
    hasPosted: hasPosted(),
    dismissed,
    onFirstPage: !moved,
    standalone: isStandaloneDisplay(),
    canPrompt,
    ios: needsIosInstallInstructions(navigator.userAgent, false),
  });
  if (offer === 'none') return null;

  const dismiss = () => {
    rememberInstallDismissed();
    setDismissed(true);
  };
  return <InstallOffer offer={offer} onDismiss={dismiss} />;
}
