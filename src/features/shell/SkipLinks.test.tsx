import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Main } from '../../components/Main';
import { renderInApp } from '../../test/render';
import { BOTTOM_NAV_ID, SkipLinks, useBottomNavPresent } from './SkipLinks';

function NavStandIn() {
  useBottomNavPresent();
  return (
    <nav id={BOTTOM_NAV_ID} tabIndex={-1} aria-label="Main">
      <a href="/root">Home</a>
    </nav>
  );
}

function Page({ withNav }: { withNav: boolean }) {
  return (
    <>
      <SkipLinks />
      <Main>
        <button type="button">First in the screen</button>
      </Main>
      {withNav && <NavStandIn />}
    </>
  );
}

describe('the skip links', () => {
  it('are the first Tab stops and move the keyboard to the main content, then to the navigation', async () => {
    const user = userEvent.setup();
    renderInApp(<Page withNav />);
    await user.tab();
    expect(document.activeElement).toBe(await screen.findByRole('link', { name: 'Skip to main content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First in the screen' }));

    // Back once from the screen's first control: the other skip link.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to navigation' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('navigation', { name: 'Main' }));
  });

  it('offer the navigation only where there is one (the tour, the landing)', async () => {
    renderInApp(<Page withNav={false} />);
    expect(await screen.findByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Skip to navigation' })).toBeNull();
  });
});
