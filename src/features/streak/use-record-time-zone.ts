import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { useCurrentUser } from '../../state/app.state';
import { useOnline } from '../connectivity/use-online';
import { deviceTimeZone } from '../../lib/device-time-zone';
import { parseRecordedTimeZone, recordedTimeZoneText, timeZoneMayHaveChanged } from './recorded-time-zone';

/** After the first screen, when the zone has to be read (recorded-time-zone.ts). */
const AFTER_FIRST_SCREEN_MS = 2000;

const recorded = new Set<string>();
const storageKey = (uid: string) => `plop.streak.time-zone.${uid}`;

/**
 * Once per page load and signed-in user, when the page is idle: tells the server this device's IANA time zone when it
 * is not the one last told (streak reminders keep quiet hours in it). Offline, it waits for the connection instead of
 * sending what cannot arrive; other failures wait for the next load.
 */
export function useRecordTimeZone(): void {
  const uid = useCurrentUser()?.uid ?? null;
  const online = useOnline();
  useEffect(() => {
    if (uid === null || !online || recorded.has(uid)) return;
    recorded.add(uid);
    whenIdle(() => {
      if (!navigator.onLine) {
        // The connection went while the page waited: the next 'online' runs this again.
        recorded.delete(uid);
        return;
      }
      const offset = new Date().getTimezoneOffset();
      const last = parseRecordedTimeZone(localStorage.getItem(storageKey(uid)));
      if (!timeZoneMayHaveChanged(last, offset)) return;
      const timeZone = deviceTimeZone();
      if (!timeZone) return;
      const remember = () => localStorage.setItem(storageKey(uid), recordedTimeZoneText({ offset, timeZone }));
      // Summer time began or ended: the same zone, nothing to tell.
      if (last?.timeZone === timeZone) return remember();
      import('../../api/streak.api')
        .then(({ updateStreakSettings }) => updateStreakSettings({ timeZone }))
        .then(remember, (error: unknown) => {
          recorded.delete(uid);
          console.warn('Could not record the time zone', error);
        });
    }, AFTER_FIRST_SCREEN_MS);
  }, [uid, online]);
}
