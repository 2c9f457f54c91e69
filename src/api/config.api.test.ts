import { describe, expect, it } from 'vitest';
import { parseCachedConfig } from './config.api';

const config = {
  firebase: { apiKey: 'key', authDomain: 'plop.example', projectId: 'plop' },
  authEmulatorUrl: null,
  mobileDeepLink: 'plop://oauth',
  version: '0.1.0',
};

describe('parseCachedConfig', () => {
  it('returns a cached config', () => {
    expect(parseCachedConfig(JSON.stringify(config))).toEqual(config);
    const emulated = { ...config, authEmulatorUrl: 'http://127.0.0.1:9099' };
    expect(parseCachedConfig(JSON.stringify(emulated))).toEqual(emulated);
  });

  it.each([null, '', 'not json', '{}', JSON.stringify({ ...config, firebase: null }), JSON.stringify({ ...config, version: 1 })])(
    'ignores %j',
    (text) => {
      expect(parseCachedConfig(text)).toBeUndefined();
    },
  );
});
