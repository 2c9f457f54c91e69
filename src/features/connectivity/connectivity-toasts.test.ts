import { describe, expect, it } from 'vitest';
import { connectivityNotice } from './connectivity-toasts';

function record(startedOnline: boolean) {
  const shown: string[] = [];
  const notice = connectivityNotice(startedOnline, (online) => shown.push(online ? 'back online' : 'offline'));
  return { notice, shown };
}

describe('the online/offline notice', () => {
  it('says offline once when the connection drops, and back online once when it returns', () => {
    const { notice, shown } = record(true);
    notice.report(false);
    notice.report(false);
    expect(shown).toEqual(['offline']);
    notice.report(true);
    notice.report(true);
    expect(shown).toEqual(['offline', 'back online']);
    notice.report(false);
    expect(shown).toEqual(['offline', 'back online', 'offline']);
  });

  it('says nothing for the state the app was opened in', () => {
    const opened = record(false);
    opened.notice.report(false);
    expect(opened.shown).toEqual([]);
    opened.notice.report(true);
    expect(opened.shown).toEqual(['back online']);

    const online = record(true);
    online.notice.report(true);
    expect(online.shown).toEqual([]);
  });
});
