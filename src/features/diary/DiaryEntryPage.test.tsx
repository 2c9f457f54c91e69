import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS } from '../../../core/diary';
import { POOP_TIMEZONE } from '../../../core/constants';
import { aUser, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { DiaryEntryPage } from './DiaryEntryPage';
import { toLocalInput } from './diary-time';

const DAY_MS = 24 * 60 * 60_000;

describe('DiaryEntryPage (issue 64: backfilling)', () => {
  it('says that old entries do not count for the streak, accepts a day 20 days back and refuses one 13 months back', async () => {
    const requests = stubApi((request) =>
      request.method === 'PUT'
        ? json(201, {
            entry: {
              id: request.path.split('/').pop(),
              poopId: null,
              occurredAt: (request.body as { occurredAt: string }).occurredAt,
              day: '2026-11-16',
              timeZone: POOP_TIMEZONE,
              type: 'Type 4',
              title: null,
              thumbnail: null,
              details: EMPTY_HEALTH_DETAILS,
            },
          })
        : undefined,
    );
    renderInApp(<DiaryEntryPage />, { user: aUser() });
    await screen.findByRole('heading', { name: 'Diary entry', level: 1 });
    expect(screen.getByText("Entries older than 7 days go in your diary and report but don't count for your streak.")).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: /Type 4/ }));
    const when = screen.getByLabelText('When');
    fireEvent.change(when, { target: { value: toLocalInput(new Date(Date.now() - 395 * DAY_MS)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('Choose a time within the last year, not in the future.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    const twentyDaysAgo = toLocalInput(new Date(Date.now() - 20 * DAY_MS));
    fireEvent.change(when, { target: { value: twentyDaysAgo } });
    expect(screen.queryByText('Choose a time within the last year, not in the future.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    await expect
      .poll(() =>
        requests.filter((request) => request.method === 'PUT').map((request) => (request.body as { occurredAt: string }).occurredAt),
      )
      .toEqual([new Date(twentyDaysAgo).toISOString()]);
  });
});
