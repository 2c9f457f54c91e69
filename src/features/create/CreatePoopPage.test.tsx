import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ngeohash from 'ngeohash';
import { describe, expect, it, vi } from 'vitest';
import { mapHiddenAreaNotice } from '../map/map-text';
import { POOP_MESSAGES } from '../../../core/messages';
import { aUser, json, stubApi } from '../../test/fake-api';
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

  describe('"Show on map" tells whether others will see the post', () => {
    const HOME = { latitude: 45.4642, longitude: 9.19 };
    const HOME_CELL = ngeohash.encode(HOME.latitude, HOME.longitude, 5);

    /** The browser puts the author at HOME; `places` is what the server knows of where they posted. */
    async function addLocationWith(places: { hiddenCells: string[]; postsByCell: Array<{ cell: string; posts: number }> }) {
      vi.stubGlobal('navigator', {
        ...navigator,
        geolocation: {
          getCurrentPosition: (success: PositionCallback) =>
            success({ coords: { ...HOME, accuracy: 1000 }, timestamp: Date.now() } as GeolocationPosition),
        },
      });
      const requests = stubApi((request) => {
        if (request.path.startsWith('/api/geocode/reverse')) return json(200, { placeName: 'Milan, Italy' });
        if (request.path === '/api/map/places') return json(200, places);
        return undefined;
      });
      renderInApp(<CreatePoopPage />, { user: aUser() });
      await userEvent.click(await screen.findByRole('button', { name: 'Add location' }));
      expect(await screen.findByText('Milan, Italy')).toBeTruthy();
      return requests;
    }

    it('in a hidden cell: others will not see it on the map, and why', async () => {
      await addLocationWith({
        hiddenCells: [HOME_CELL],
        postsByCell: [
          { cell: HOME_CELL, posts: 4 },
          { cell: 'u0000', posts: 9 },
        ],
      });
      expect(await screen.findByText(mapHiddenAreaNotice())).toBeTruthy();
    });

    it('elsewhere: others see it within about 1 km', async () => {
      const requests = await addLocationWith({ hiddenCells: ['u0000'], postsByCell: [{ cell: 'u0000', posts: 9 }] });
      // The place's country is asked for in the app's language, whatever the browser's.
      expect(requests.find((request) => request.path.startsWith('/api/geocode/reverse'))?.headers['accept-language']).toBe('en');
      expect(await screen.findByText('Others can see it on the map within about 1 km of where it was posted.')).toBeTruthy();
      expect(screen.queryByText(mapHiddenAreaNotice())).toBeNull();
    });
  });
});
