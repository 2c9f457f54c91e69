import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { useCurrentUser } from '../../state/app.state';

/** After the first screen: the first Intl.DateTimeFormat of a page costs a phone about 60 ms. */
const AFTER_FIRST_SCREEN_MS = 2000;

const recorded = new Set<string>();
const storageKey = (uid: string) => `plop.streak.time-zone.${uid}`;

/**
 * Once per page load and signed-in user, when the page is idle: tells the server this device's IANA time zone when it
 * is not the one last told (streak reminders keep quiet hours in it). Failures wait for the next load.
 */
export function useRecordTimeZone(): void {
  const uid = useCurrentUser()?.uid ?? null;
  useEffect(() => {
    if (uid === null || recorded.has(uid)) return;
    recorded.add(uid);
    whenIdle(() => {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (!timeZone || localStorage.getItem(storageKey(uid)) === timeZone) return;
      import('../../api/streak.api')
        .then(({ updateStreakSettings }) => updateStreakSettings({ timeZone }))
        .then(
          () => localStorage.setItem(storageKey(uid), timeZone),
          (error: unknown) => {
            recorded.delete(uid);
            console.warn('Could not record the time zone', error);
          },
        );
    }, AFTER_FIRST_SCREEN_MS);
  }, [uid]);
}
