// Component tests: unmount after each test and give the network stub a clean slate.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLocale } from '../i18n/i18n';

// Components read their texts from the English catalog, as on a device set to English.
await activateLocale('en');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
