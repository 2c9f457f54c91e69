import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { useRecordTimeZone } from './use-record-time-zone';

function RecordsTimeZone() {
  useRecordTimeZone();
  return null;
}

/** Past the hook's wait for the first screen (2 s) and the idle callback's own limit after it (2 s more). */
const AFTER_IDLE_MS = 4_000;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('recording the time zone', () => {
  it('opened offline, sends nothing until the connection is back, then tells the server once', async () => {
    const requests = stubApi((request) => (request.method === 'PATCH' ? json(200, { reminders: true }) : undefined));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    vi.useFakeTimers();
    renderInApp(<RecordsTimeZone />, { user: aUser({ uid: 'offline-at-start' }) });
    await vi.advanceTimersByTimeAsync(AFTER_IDLE_MS);
    expect(requests).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(AFTER_IDLE_MS);
    // vi.waitFor moves the fake clock on between its checks; the request itself waits for a module and fetch.
    await vi.waitFor(() => expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['PATCH /api/streak/settings']));
    expect(requests[0]!.body).toEqual({ timeZone: expect.any(String) });
  });
});
