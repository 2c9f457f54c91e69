import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_HEALTH_DETAILS, type HealthDetails } from '../../../core/diary';
import { newPoopFieldList } from '../../api/poops.api';
import { aUser, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CreatePoopPage } from '../create/CreatePoopPage';
import { HealthDetailsPanel } from './HealthDetailsPanel';
import { DIARY_TEXT } from './diary-text';

const changes = vi.fn<(next: HealthDetails) => void>();
const latest = () => changes.mock.lastCall?.[0];
function Harness() {
  const [value, setValue] = useState(EMPTY_HEALTH_DETAILS);
  const change = (next: HealthDetails) => {
    changes(next);
    setValue(next);
  };
  return <HealthDetailsPanel value={value} onChange={change} idPrefix="test" />;
}

describe('the health details on the create screen', () => {
  it('are collapsed by default behind one button, with a way to log a diary-only entry', async () => {
    stubApi(() => undefined);
    renderInApp(<CreatePoopPage />, { user: aUser() });
    const toggle = await screen.findByRole('button', { name: DIARY_TEXT.detailsToggle });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Straining' })).toBeNull();
    expect(screen.getByRole('link', { name: DIARY_TEXT.diaryOnly }).getAttribute('href')).toBe('/root/diary');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Straining' })).toBeTruthy();
  });

  it('fill in three taps after opening: a tapped question is yes and the others a real no; a second tap says no', async () => {
    renderInApp(<Harness />, { user: aUser() });
    await userEvent.click(await screen.findByRole('button', { name: DIARY_TEXT.detailsToggle }));
    const straining = screen.getByRole('button', { name: 'Straining' });
    await userEvent.click(straining);
    await userEvent.click(screen.getByRole('button', { name: 'Pain 7' }));
    expect(screen.queryByText(DIARY_TEXT.doctorGuidance, { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `Black (${DIARY_TEXT.warningColour})` }));
    const no = { urgency: false, incompleteEmptying: false, blood: false, mucus: false, atNight: false, medicine: false };
    expect(latest()).toEqual({ ...EMPTY_HEALTH_DETAILS, ...no, straining: true, pain: 7, colour: 'black' });
    expect(straining.getAttribute('aria-pressed')).toBe('true');
    // One calm sentence, with the way to Help's answer.
    expect(screen.getByText(DIARY_TEXT.doctorGuidance, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: DIARY_TEXT.doctorGuidanceLink }).getAttribute('href')).toBe(
      '/root/account/help#when-to-see-a-doctor',
    );
    // Not flagged: an ordinary colour.
    expect(screen.getByRole('button', { name: 'Brown' })).toBeTruthy();

    await userEvent.click(straining);
    expect(latest()?.straining).toBe(false);
    expect(screen.getByRole('button', { name: DIARY_TEXT.noneOfThese }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(screen.getByRole('textbox', { name: DIARY_TEXT.note }), 'tea');
    expect(latest()?.note).toBe('tea');
  });

  it('"None of these" says no to every question, and blood brings the guidance', async () => {
    renderInApp(<Harness />, { user: aUser() });
    await userEvent.click(await screen.findByRole('button', { name: DIARY_TEXT.detailsToggle }));
    await userEvent.click(screen.getByRole('button', { name: DIARY_TEXT.noneOfThese }));
    expect(latest()).toEqual({
      ...EMPTY_HEALTH_DETAILS,
      urgency: false,
      straining: false,
      incompleteEmptying: false,
      blood: false,
      mucus: false,
      atNight: false,
      medicine: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Blood' }));
    expect(latest()?.blood).toBe(true);
    expect(screen.getByRole('button', { name: DIARY_TEXT.noneOfThese }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: DIARY_TEXT.doctorGuidanceLink })).toBeTruthy();
  });

  it('travel with the post as one form field, only when something was answered', () => {
    const base = {
      type: 'Type 4' as const,
      title: '',
      description: '',
      private: false,
      showInMap: false,
      location: null,
      madeAt: new Date('2026-11-27T08:00:00Z'),
    };
    expect(newPoopFieldList({ ...base, health: EMPTY_HEALTH_DETAILS }).map(([name]) => name)).not.toContain('health');
    const details = { ...EMPTY_HEALTH_DETAILS, blood: true };
    const field = newPoopFieldList({ ...base, health: details }).find(([name]) => name === 'health');
    expect(field && JSON.parse(field[1])).toEqual(details);
  });
});
