import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POOP_MESSAGES } from '../../../core/messages';
import { aUser, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CreatePoopPage } from './CreatePoopPage';

describe('CreatePoopPage', () => {
  it('asks for a photo and a type before sending anything, and counts the title', async () => {
    const requests = stubApi(() => undefined);
    renderInApp(<CreatePoopPage />, { user: aUser() });

    await screen.findByRole('heading', { name: 'Create a post', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(POOP_MESSAGES.photoMissing)).toBeTruthy();
    expect(screen.getByText(POOP_MESSAGES.typeInvalid)).toBeTruthy();

    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.type(title, 'Fine');
    expect(screen.getByText('4/100')).toBeTruthy();
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });
});
