import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_HEALTH_DETAILS, type DiaryEntry, type HealthDetails } from '../../../core/diary';
import type { PoopType } from '../../../core/poop';
import { aUser, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { DiaryCharts } from './DiaryCharts';

function entry(day: string, type: PoopType, details: Partial<HealthDetails> = {}): DiaryEntry {
  return {
    id: crypto.randomUUID(),
    poopId: null,
    occurredAt: `${day}T12:00:00.000Z`,
    day,
    timeZone: 'UTC',
    type,
    title: null,
    thumbnail: null,
    details: { ...EMPTY_HEALTH_DETAILS, ...details },
  };
}

const ENTRIES = [
  entry('2026-11-24', 'Type 4'),
  entry('2026-11-25', 'Type 4', { blood: true, urgency: true }),
  entry('2026-12-02', 'Type 4'),
  entry('2026-12-03', 'Type 6', { colour: 'black' }),
  entry('2026-12-03', 'Type 4'),
  entry('2026-12-05', 'Type 4'),
];

describe('DiaryCharts on Activity (issue 64: reads like a diary)', () => {
  beforeEach(() => {
    // Noon on 6 December wherever the test runs: the last 14 days are 23 Nov to 6 Dec.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 6, 12));
  });
  afterEach(() => vi.useRealTimers());

  it('leads with plain insight cards, writes every date one way, and hides empty days behind "Show every day"', async () => {
    stubApi((request) => (request.path.startsWith('/api/me/diary') ? json(200, { entries: ENTRIES }) : undefined));
    renderInApp(<DiaryCharts />, { user: aUser() });

    const insights = await screen.findByRole('list', { name: 'At a glance' }, { timeout: 10_000 });
    expect(
      within(insights)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'Days logged5 of 14 days6 movements, 0.4 a day on average.',
      'Most common typeType 45 of 6 movements, more often in the second half of the period.',
      'Warning signsOn 2 daysBlood, Black colour; the last on 3 Dec 2026.',
    ]);
    expect(screen.getByText('23 Nov 2026 to 6 Dec 2026')).toBeTruthy();

    const perDay = screen.getByRole('table', { name: 'Movements per day' });
    const rows = () =>
      within(perDay)
        .getAllByRole('row')
        .map((row) => row.textContent);
    expect(rows()).toEqual(['DayMovements', '24 Nov 20261', '25 Nov 20261', '2 Dec 20261', '3 Dec 20262', '5 Dec 20261']);
    await userEvent.click(screen.getByRole('switch', { name: 'Show every day' }));
    expect(rows()).toHaveLength(15);
    expect(rows()[1]).toBe('23 Nov 20260');

    expect(
      within(screen.getByRole('table', { name: 'Warning signs' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayTypeSigns', '25 Nov 2026Type 4Blood', '3 Dec 2026Type 6Black colour']);
    const other = screen.getByRole('table', { name: 'Other details' });
    expect(
      within(other)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Detail', 'Entries with it']);
    expect(within(other).getByRole('row', { name: 'Urgency 1' })).toBeTruthy();
    // No ISO day in any cell of the screen.
    expect(screen.getAllByRole('cell').filter((cell) => /\d{4}-\d{2}-\d{2}/.test(cell.textContent ?? ''))).toEqual([]);
  });

  it('says plainly when nothing was logged', async () => {
    stubApi((request) => (request.path.startsWith('/api/me/diary') ? json(200, { entries: [] }) : undefined));
    renderInApp(<DiaryCharts />, { user: aUser() });
    const insights = await screen.findByRole('list', { name: 'At a glance' }, { timeout: 10_000 });
    expect(
      within(insights)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'Days logged0 of 14 daysNothing logged in this period.',
      'Most common type–Nothing logged in this period.',
      'Warning signsNoneNo warning signs in this period.',
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Movements per day' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayMovements', 'Nothing logged in this range.']);
  });
});
