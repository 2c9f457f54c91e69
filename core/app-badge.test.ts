import { describe, expect, it } from 'vitest';
import { showUnreadOnAppIcon, type BadgeNavigator } from './app-badge';

function recorder(fail = false) {
  const calls: string[] = [];
  const navigator: BadgeNavigator = {
    setAppBadge: (n) => (calls.push(`set ${n}`), fail ? Promise.reject(new Error('NotAllowedError')) : Promise.resolve()),
    clearAppBadge: () => (calls.push('clear'), Promise.resolve()),
  };
  return { calls, navigator };
}

describe('showUnreadOnAppIcon', () => {
  it('sets the count, and clears the badge at zero', async () => {
    const { calls, navigator } = recorder();
    await showUnreadOnAppIcon(navigator, 3);
    await showUnreadOnAppIcon(navigator, 0);
    expect(calls).toEqual(['set 3', 'clear']);
  });

  it('does nothing where the Badging API is missing, and a refusal is not an error', async () => {
    await expect(showUnreadOnAppIcon({}, 2)).resolves.toBeUndefined();
    await expect(showUnreadOnAppIcon({}, 0)).resolves.toBeUndefined();
    const { calls, navigator } = recorder(true);
    await expect(showUnreadOnAppIcon(navigator, 5)).resolves.toBeUndefined();
    expect(calls).toEqual(['set 5']);
  });
});
