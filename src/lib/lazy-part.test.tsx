import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('shows the part once its code has loaded, with the props it was given', async () => {
    const Part = lazyPart('greeting', () => Promise.resolve(Greeting));
    render(<Part name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('loads the code once, whether prefetched or rendered', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = lazyPart('greeting', load);
    Part.prefetch();
    render(
      <>
        <Part name="one" />
        <Part name="two" />
      </>,
    );
    expect(await screen.findByText('Hello two')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows nothing in its place when its code cannot load, and the rest of the page stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Part = lazyPart<{ name: string }>('greeting', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>Feed</h1>
        <Part name="Ada" />
      </main>,
    );
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('The greeting could not load', expect.any(TypeError)));
    expect(screen.getByRole('heading', { name: 'Feed' })).toBeTruthy();
    expect(screen.queryByText(/Hello/)).toBeNull();
    warn.mockRestore();
  });
});
