import { describe, expect, it } from 'vitest';
import { parseRecordedTimeZone, recordedTimeZoneText, timeZoneMayHaveChanged } from './recorded-time-zone';

describe('the time zone a device last recorded', () => {
  it('reads back what it wrote', () => {
    const recorded = { offset: -60, timeZone: 'Europe/Paris' };
    expect(parseRecordedTimeZone(recordedTimeZoneText(recorded))).toEqual(recorded);
  });

  it('reads a record from before offsets were kept as a zone with no offset', () => {
    expect(parseRecordedTimeZone('Europe/Rome')).toEqual({ offset: null, timeZone: 'Europe/Rome' });
  });

  it('reads nothing from no record or a malformed one', () => {
    expect(parseRecordedTimeZone(null)).toBeNull();
    expect(parseRecordedTimeZone('')).toBeNull();
    expect(parseRecordedTimeZone('60 Europe/Paris extra')).toBeNull();
  });

  it('has the zone read again only when the offset is not the one recorded', () => {
    expect(timeZoneMayHaveChanged({ offset: -60, timeZone: 'Europe/Paris' }, -60)).toBe(false);
    // Summer time began, or the device travelled.
    expect(timeZoneMayHaveChanged({ offset: -60, timeZone: 'Europe/Paris' }, -120)).toBe(true);
    expect(timeZoneMayHaveChanged({ offset: null, timeZone: 'Europe/Paris' }, -60)).toBe(true);
    expect(timeZoneMayHaveChanged(null, 0)).toBe(true);
  });
});
