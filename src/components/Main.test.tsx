import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Main } from './Main';
import { PageContainer } from './PageContainer';

describe('the main landmark', () => {
  it('is a screen outside the shell: PageContainer alone is the page main, the skip link target', () => {
    render(
      <PageContainer>
        <h1>Welcome</h1>
      </PageContainer>,
    );
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(main.tabIndex).toBe(-1);
    expect(main.textContent).toBe('Welcome');
  });

  it('is the shell’s once: a screen inside it adds no second main, nested or beside', () => {
    render(
      <Main>
        <p>Offline note</p>
        <PageContainer>
          <h1>Account</h1>
        </PageContainer>
      </Main>,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main').textContent).toBe('Offline noteAccount');
    expect(document.querySelectorAll('#main')).toHaveLength(1);
  });
});
