import { describe, expect, it } from 'vitest';
import { isLocalhostName } from './display-mode';

describe('isLocalhostName', () => {
  it.each(['localhost', '127.0.0.1', '[::1]', '::1'])('%s is local', (hostname) => {
    expect(isLocalhostName(hostname)).toBe(true);
  });

  it.each(['plop.app', '127.0.0.2', 'localhost.example.com', ''])('%s is not local', (hostname) => {
    expect(isLocalhostName(hostname)).toBe(false);
  });
});
