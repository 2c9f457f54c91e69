import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModerationPoop, Overview, ReportSummary } from '../../../core/moderation-api';
import { MODERATION_MESSAGES as M } from '../../../core/moderation-messages';
import { ToastHost } from '../../components/toast/ToastHost';
import { aUser, json, stubApi, type FakeRequest } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { AdminOnly } from './AdminOnly';
import { AdminReportPage } from './AdminReportPage';
import { AdminTypePage } from './AdminTypePage';

const admin = aUser({ uid: 'admin', username: 'boss', admin: true });

/** A week with users on some days only, the way the server answers it (every day, zero-filled). */
const week: Overview['byDay'] = [
  { day: '2026-01-01', users: 0, poops: 2 },
  { day: '2026-01-02', users: 3, poops: 40 },
  { day: '2026-01-03', users: 0, poops: 55 },
  { day: '2026-01-04', users: 1, poops: 61 },
  { day: '2026-01-05', users: 0, poops: 0 },
  { day: '2026-01-06', users: 0, poops: 12 },
  { day: '2026-01-07', users: 2, poops: 0 },
];
const overview: Overview = {
  from: '2026-01-01',
  to: '2026-01-07',
  users: 6,
  poops: 170,
  byDay: week,
  totalUsers: 90,
  totalPoops: 900,
  unverified: 25,
  pending: 0,
  flagged: 0,
  queues: { stage1: 0, stage2: 0, stage3: 0 },
  premium: 1,
};
const waiting = (n: number): ModerationPoop[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    image: `/api/media/poops/p${i}/display`,
    type: 'Type 4',
    status: 'pending',
    verified: false,
    aiFlagged: false,
    aiType: null,
    username: `author${i}`,
    createdDate: '2026-01-07T10:00:00.000Z',
  }));

function dashboard(request: FakeRequest) {
  if (request.path.startsWith('/api/admin/overview')) return json(200, overview);
  if (request.path === '/api/admin/review') return json(200, { poops: [] });
  if (request.path === '/api/admin/unverified') return json(200, { poops: waiting(25) });
  return undefined;
}

/** The "Figures by day" table as [day, ...cells] rows. */
async function tableRows() {
  await userEvent.click(await screen.findByRole('button', { name: /^Figures by day/ }));
  const table = screen.getByRole('table', { name: M.figuresByDay });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('the moderation dashboard', () => {
  it('draws each series over every day of the chosen range, the counts being their sums; the table reads it point by point', async () => {
    stubApi(dashboard);
    renderInApp(<AdminTypePage />, { user: admin });

    const inRange = await screen.findByRole('group', { name: 'In the chosen range' }, { timeout: 10_000 });
    expect(within(inRange).getByText('New users').nextSibling?.textContent).toBe('6');
    expect(within(inRange).getByText('New poops').nextSibling?.textContent).toBe('170');
    // One chart per series, on its own axis from 0 (a few users are not flattened by many poops).
    expect(screen.getByRole('img', { name: 'New users per day: 6 new users from 2026-01-01 to 2026-01-07' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'New poops per day: 170 new poops from 2026-01-01 to 2026-01-07' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Figures by day (7 days)' }).getAttribute('aria-expanded')).toBe('false');
    const rows = await tableRows();
    expect(rows).toEqual(week.map((d) => [d.day, String(d.users), String(d.poops)]));
    expect(rows.reduce((sum, [, users]) => sum + Number(users), 0)).toBe(overview.users);
  });

  it('shows a long list a page at a time, with its size in the heading', async () => {
    stubApi(dashboard);
    renderInApp(<AdminTypePage />, { user: admin });

    const section = await screen.findByRole('region', { name: `${M.unverifiedTitle} (25)` }, { timeout: 10_000 });
    const shown = () => within(section).getAllByRole('img', { name: /^Type 4 by author/ });
    expect(shown()).toHaveLength(10);
    expect(within(section).getByRole('img', { name: 'Type 4 by author0' })).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Go to page 3' }));
    expect(shown()).toHaveLength(5);
    expect(within(section).getByRole('img', { name: 'Type 4 by author24' })).toBeTruthy();
  });
});

describe('the daily report', () => {
  const report = (day: string, figures: [number, number] | null, recent: ReportSummary['recent']): ReportSummary => ({
    day,
    totalUsersYesterday: figures?.[0] ?? null,
    usersWithEmailYesterday: figures?.[1] ?? null,
    recent,
    firstDay: '2026-01-01',
    lastDay: '2026-01-05',
  });
  const all = [
    { day: '2026-01-01', totalUsers: 10, usersWithEmail: 4 },
    { day: '2026-01-02', totalUsers: 12, usersWithEmail: 5 },
    { day: '2026-01-03', totalUsers: 15, usersWithEmail: 7 },
    { day: '2026-01-04', totalUsers: 15, usersWithEmail: 7 },
    { day: '2026-01-05', totalUsers: 16, usersWithEmail: 7 },
  ];

  it('opens on the latest day, lets one pick another, and shows the trend of both figures up to it', async () => {
    const requests = stubApi((request) => {
      if (request.path === '/api/admin/report') return json(200, report('2026-01-05', [16, 7], all));
      if (request.path === '/api/admin/report?day=2026-01-02') return json(200, report('2026-01-02', [12, 5], all.slice(0, 2)));
      return undefined;
    });
    renderInApp(<AdminReportPage />, { user: admin });

    const picker = await screen.findByLabelText<HTMLInputElement>('Day (New York)', {}, { timeout: 10_000 });
    expect(picker.value).toBe('2026-01-05');
    expect(picker.min).toBe('2026-01-01');
    expect(picker.max).toBe('2026-01-05');
    expect(screen.getByRole('img', { name: 'Total users: from 10 on 2026-01-01 to 16 on 2026-01-05' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Users with e-mail: from 4 on 2026-01-01 to 7 on 2026-01-05' })).toBeTruthy();

    // A date field is filled whole (as a browser's date picker does).
    fireEvent.change(picker, { target: { value: '2026-01-02' } });
    const figures = await screen.findByRole('group', { name: 'On 2026-01-02' }, { timeout: 10_000 });
    expect(within(figures).getByText('Total users').nextSibling?.textContent).toBe('12');
    expect(within(figures).getByText('Users with e-mail').nextSibling?.textContent).toBe('5');
    expect(await tableRows()).toEqual([
      ['2026-01-01', '10', '4'],
      ['2026-01-02', '12', '5'],
    ]);
    expect(requests.map((r) => r.path)).toContain('/api/admin/report?day=2026-01-02');
  });
});

describe('an admin address opened by a non-admin', () => {
  it('sends them back and tells them why', async () => {
    stubApi(() => undefined);
    const { router } = renderInApp(
      <>
        <AdminOnly>
          <p>Secret figures</p>
        </AdminOnly>
        <ToastHost />
      </>,
      { user: aUser({ uid: 'someone', admin: false }) },
    );
    expect(await screen.findByText(M.adminsOnly)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/root/account'));
    expect(screen.queryByText('Secret figures')).toBeNull();
  });
});
