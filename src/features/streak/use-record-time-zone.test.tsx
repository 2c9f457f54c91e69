import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { aUser, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { useRecordTimeZone } from './use-record-time-zone';

function RecordsTimeZone() {
  useRecordTimeZone();
  return null;
}

/** Past the hook's wait for the first screen (2 s) and the idle callback after it. */
const AFTER_IDLE_MS = 2_600;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('recording the time zone', () => {
  it('opened offline, sends nothing until the connection is back, then tells the server once', async () => {
    const requests = stubApi((request) => (request.method === 'PATCH' ? json(200, { reminders: true }) : undefined));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    renderInApp(<RecordsTimeZone />, { user: aUser({ uid: 'offline-at-start' }) });
    await new Promise((resolve) => setTimeout(resolve, AFTER_IDLE_MS));
    expect(requests).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['PATCH /api/streak/settings']), {
      timeout: 5_000,
    });
    expect(requests[0]!.body).toEqual({ timeZone: expect.any(String) });
  });
});
