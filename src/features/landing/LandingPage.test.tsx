import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAuthState } from '../../state/app.state';
import { aUser, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { LandingPage } from './LandingPage';

/** The way-in section, found as a person (or a screen reader) finds it: by its heading. */
async function wayIn(name: string) {
  return screen.findByRole('region', { name });
}

describe('LandingPage', () => {
  it('says what Plop is', async () => {
    stubApi(() => undefined);
    renderInApp(<LandingPage enter={() => undefined} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Plop' })).toBeDefined();
    expect(screen.getByText('The social app for your daily business.')).toBeDefined();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Keep a private health diary only you can see, and make a report for your doctor from it.')).toBeDefined();
    const icon = document.querySelector('header img');
    expect([icon?.getAttribute('width'), icon?.getAttribute('height')]).toEqual(['96', '96']);
  });

  it('waits for the auth state with a labelled progress indicator, not a form that could flash', async () => {
    stubApi(() => undefined);
    renderInApp(<LandingPage enter={() => undefined} />);
    act(() => setAuthState({ resolved: false, uid: null, isAnonymous: false }));

    const section = await wayIn('Sign in or sign up');
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(within(section).getByRole('progressbar', { name: 'Checking whether you are signed in' })).toBeDefined();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('offers e-mail, Google and "Try it first" to a signed-out visitor', async () => {
    stubApi(() => undefined);
    renderInApp(<LandingPage enter={() => undefined} />);

    const section = await wayIn('Sign in or sign up');
    expect(section.getAttribute('aria-busy')).toBe('false');
    expect(within(section).getByLabelText('Email')).toBeDefined();
    expect(within(section).getByRole('button', { name: /Google/ })).toBeDefined();
    expect(within(section).getByRole('button', { name: 'Try it first' })).toBeDefined();
    expect(within(section).queryByRole('progressbar')).toBeNull();
  });

  it('links a signed-in visitor into the app', async () => {
    stubApi(() => undefined);
    renderInApp(<LandingPage enter={() => undefined} />, { user: aUser() });

    const section = await wayIn('You are signed in');
    expect(within(section).getByRole('link', { name: 'Open the app' }).getAttribute('href')).toBe('/root');
    expect(within(section).queryByLabelText('Email')).toBeNull();
  });
});
