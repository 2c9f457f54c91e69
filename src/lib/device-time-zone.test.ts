import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceTimeZone } from './device-time-zone';

describe("the device's time zone", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is Intl's where there is no Temporal", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("is Temporal's where the browser has it", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Chatham' } });
    expect(deviceTimeZone()).toBe('Pacific/Chatham');
  });
});
