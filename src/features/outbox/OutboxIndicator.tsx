import { useEffect } from 'react';
import { outboxUserChanged } from '../../api/outbox';
import { lazyPart } from '../../lib/lazy-part';
import { useCurrentUser } from '../../state/app.state';
import { startOutboxEffects } from './outbox-effects';
import { useOutboxEntries } from './use-outbox';

/** The chip and its sheet, loaded when something first waits (or ahead, when the page is idle). */
export const OutboxChip = lazyPart('outbox chip', () => import('./OutboxChip').then((m) => m.OutboxChip));

/**
 * The count of writes waiting to be sent, always visible while there are any (bottom left,
 * above the offline chip); it opens the outbox sheet, where failing writes have Retry and Discard.
 */
export function OutboxIndicator() {
  const uid = useCurrentUser()?.uid ?? null;
  const entries = useOutboxEntries();

  useEffect(() => {
    startOutboxEffects();
  }, []);
  // A user arrived (start-up, sign-in) or changed: show their entries and send what waits.
  useEffect(() => {
    void outboxUserChanged();
  }, [uid]);

  return entries.length === 0 ? null : <OutboxChip entries={entries} />;
}
