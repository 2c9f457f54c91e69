import { describe, expect, it } from 'vitest';
import { photoTransition } from './photo-transition';

const ID = '0b6f1e9c-4a59-4c8e-9a55-0e2f4f1d2c3a';

describe('photoTransition', () => {
  it('moves the photo from the feed into the post, and back', () => {
    expect(photoTransition('/root', `/root/poop/${ID}`, false)).toEqual({ types: ['poop-open'], poopId: ID });
    expect(photoTransition(`/root/poop/${ID}`, '/root', false)).toEqual({ types: ['poop-close'], poopId: ID });
  });

  it('is a plain change everywhere else, under reduced motion, and on the first page', () => {
    expect(photoTransition('/root', `/root/poop/${ID}`, true)).toBeNull();
    expect(photoTransition(`/root/poop/${ID}`, '/root', true)).toBeNull();
    expect(photoTransition(undefined, `/root/poop/${ID}`, false)).toBeNull();
    expect(photoTransition('/root/notifications', `/root/poop/${ID}`, false)).toBeNull();
    expect(photoTransition('/root', '/root/map', false)).toBeNull();
    expect(photoTransition(`/root/poop/${ID}`, `/root/poop/${ID}/x`, false)).toBeNull();
  });
});
