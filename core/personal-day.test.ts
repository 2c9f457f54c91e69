import { describe, expect, it } from 'vitest';
import { POOP_TIMEZONE } from './constants';
import { activityAt, addDays, countsForAccount, personalDay, personalZone } from './personal-day';

describe('personalDay', () => {
  it('is the calendar day in the recorded zone', () => {
    // 23:30 UTC on Monday 1 June is 00:30 on Tuesday in Rome and 19:30 on Monday in New York.
    const at = new Date('2026-06-01T22:30:00Z');
    expect(personalDay(at, 'Europe/Rome')).toBe('2026-06-02');
    expect(personalDay(at, 'America/Los_Angeles')).toBe('2026-06-01');
    expect(personalDay(at, 'UTC')).toBe('2026-06-01');
  });

  it('is the New York day until a zone is recorded, or when the recorded one is unknown', () => {
    // 03:30 UTC on the 9th is still the 8th in New York (UTC-5).
    expect(personalDay(new Date('2026-11-09T03:30:00Z'), null)).toBe('2026-11-08');
    expect(personalDay(new Date('2026-11-09T05:00:00Z'), undefined)).toBe('2026-11-09');
    expect(personalDay(new Date('2026-11-09T03:30:00Z'), 'Mars/Olympus')).toBe('2026-11-08');
    expect(personalZone('Mars/Olympus')).toBe(personalZone(null));
    expect(personalZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('follows the DST changes of the zone', () => {
    // Rome on 2026-03-29 (springs forward at 01:00 UTC) and 2026-10-25 (falls back at 01:00 UTC).
    expect(personalDay(new Date('2026-03-28T22:59:59Z'), 'Europe/Rome')).toBe('2026-03-28');
    expect(personalDay(new Date('2026-03-28T23:00:00Z'), 'Europe/Rome')).toBe('2026-03-29');
    expect(personalDay(new Date('2026-03-29T21:59:59Z'), 'Europe/Rome')).toBe('2026-03-29');
    expect(personalDay(new Date('2026-03-29T22:00:00Z'), 'Europe/Rome')).toBe('2026-03-30');
    expect(personalDay(new Date('2026-10-25T22:59:59Z'), 'Europe/Rome')).toBe('2026-10-25');
    expect(personalDay(new Date('2026-10-25T23:00:00Z'), 'Europe/Rome')).toBe('2026-10-26');
  });

  it('refuses an invalid date', () => {
    expect(() => personalDay(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });

  it('activityAt pairs the instant with its day', () => {
    const at = new Date('2026-06-01T22:30:00Z');
    expect(activityAt(at, 'Europe/Rome')).toEqual({ at, day: '2026-06-02' });
  });
});

describe('addDays', () => {
  it('moves by calendar days, across month ends and DST changes alike', () => {
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => addDays('June 1', 1)).toThrow(RangeError);
  });
});

describe('countsForAccount (issue 61: nothing dated before the account earns)', () => {
  // Created 03:00 UTC on 10 March: still 9 March in New York (23:00), 10 March in Rome (04:00).
  const created = new Date('2026-03-10T03:00:00Z');
  it('compares days in the zone the activity was written in, not instants', () => {
    const eveningBefore = new Date('2026-03-09T20:00:00Z'); // 7 h before the account
    expect(countsForAccount(eveningBefore, POOP_TIMEZONE, created)).toBe(true);
    expect(countsForAccount(eveningBefore, 'Europe/Rome', created)).toBe(false);
    expect(countsForAccount(new Date('2026-03-08T20:00:00Z'), POOP_TIMEZONE, created)).toBe(false);
    expect(countsForAccount(created, 'Europe/Rome', created)).toBe(true);
  });
});
