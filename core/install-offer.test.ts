import { describe, expect, it } from 'vitest';
import { installOffer, type InstallOfferInput } from './install-offer';

const ready: InstallOfferInput = {
  visits: 2,
  hasPosted: false,
  dismissed: false,
  onFirstPage: false,
  standalone: false,
  canPrompt: true,
  ios: false,
};

describe('installOffer', () => {
  it('offers the prompt from the second visit, or after the first post', () => {
    expect(installOffer(ready)).toBe('prompt');
    expect(installOffer({ ...ready, visits: 1 })).toBe('none');
    expect(installOffer({ ...ready, visits: 1, hasPosted: true })).toBe('prompt');
  });

  it('never on the page a visit opens on, once dismissed, or when installed', () => {
    expect(installOffer({ ...ready, onFirstPage: true })).toBe('none');
    expect(installOffer({ ...ready, visits: 5, hasPosted: true, onFirstPage: true })).toBe('none');
    expect(installOffer({ ...ready, dismissed: true })).toBe('none');
    expect(installOffer({ ...ready, standalone: true })).toBe('none');
  });

  it('the iOS sheet where there is no prompt; nothing where neither works', () => {
    expect(installOffer({ ...ready, canPrompt: false, ios: true })).toBe('ios-sheet');
    expect(installOffer({ ...ready, canPrompt: false, ios: false })).toBe('none');
  });
});
