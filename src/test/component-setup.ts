// Component tests: unmount after each test and give the network stub a clean slate.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLocale } from '../i18n/i18n';

// Components read their texts from the English catalog, as on a device set to English.
await activateLocale('en');

// A file's first render loads its lazy parts cold; on a busy two-core machine that can take more
// than Testing Library's default second, so findBy* waits up to five.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
