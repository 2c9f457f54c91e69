import { DateTime } from 'luxon';
import { POOP_TIMEZONE } from './constants';
import { describe, expect, it } from 'vitest';
import { reminderZone, snoozedReminderAt, streakReminderAt, streakReminderText } from './streak-reminder';

const HOUR = 3_600_000;
const at = (local: string, zone: string) => DateTime.fromISO(local, { zone }).toJSDate();
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

describe('streakReminderAt', () => {
  it('is 23.5 h after the last activity outside quiet hours', () => {
    const last = at('2026-05-10T12:00', 'Europe/Paris');
    expect(streakReminderAt(last, 'Europe/Paris')).toEqual(plus(last, 23.5 * HOUR));
  });

  it('just before the quiet hours it stays (21:59 local)', () => {
    const last = at('2026-05-09T22:29', 'Europe/Paris');
    expect(streakReminderAt(last, 'Europe/Paris')).toEqual(at('2026-05-10T21:59', 'Europe/Paris'));
  });

  it('due at 22:30 local (quiet), it moves earlier to 22:00, the start of the quiet hours', () => {
    const last = at('2026-05-09T22:30', 'Europe/Paris');
    expect(streakReminderAt(last, 'Europe/Paris')).toEqual(at('2026-05-10T22:00', 'Europe/Paris'));
  });

  it('in the small hours it moves to the evening before, never later than the streak end', () => {
    const last = at('2026-05-09T04:00', 'Asia/Tokyo'); // due 03:30 the next night
    const reminder = streakReminderAt(last, 'Asia/Tokyo');
    expect(reminder).toEqual(at('2026-05-09T22:00', 'Asia/Tokyo'));
    expect(reminder.getTime()).toBeLessThan(plus(last, 28 * HOUR).getTime());
    expect(reminder.getTime()).toBeGreaterThan(last.getTime());
  });

  it('08:00 is the end of the quiet hours: due then, it is sent then', () => {
    const last = at('2026-05-09T08:30', 'America/Los_Angeles');
    expect(streakReminderAt(last, 'America/Los_Angeles')).toEqual(at('2026-05-10T08:00', 'America/Los_Angeles'));
    const justBefore = at('2026-05-09T08:29', 'America/Los_Angeles');
    expect(streakReminderAt(justBefore, 'America/Los_Angeles')).toEqual(at('2026-05-09T22:00', 'America/Los_Angeles'));
  });

  it("uses the user's zone: the same instant is quiet in one zone and not in another", () => {
    const last = new Date('2026-05-09T20:00:00Z'); // due 19:30Z: 15:30 in New York, 04:30 in Tokyo
    expect(streakReminderAt(last, POOP_TIMEZONE)).toEqual(plus(last, 23.5 * HOUR));
    expect(streakReminderAt(last, 'Asia/Tokyo')).toEqual(at('2026-05-10T22:00', 'Asia/Tokyo'));
  });

  it('an unknown zone falls back to New York', () => {
    expect(reminderZone('Mars/Olympus')).toBe(POOP_TIMEZONE);
    expect(reminderZone(null)).toBe(POOP_TIMEZONE);
    expect(reminderZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('snoozedReminderAt', () => {
  const last = new Date('2026-05-10T12:00:00Z');
  it('is an hour after the press', () => {
    const pressed = plus(last, 23.5 * HOUR);
    expect(snoozedReminderAt(last, pressed)).toEqual(plus(pressed, HOUR));
  });
  it('never after the streak end, and none once too late', () => {
    expect(snoozedReminderAt(last, plus(last, 27.5 * HOUR))).toEqual(plus(last, 28 * HOUR - 60_000));
    expect(snoozedReminderAt(last, plus(last, 28 * HOUR))).toBeNull();
  });
});

describe('streakReminderText', () => {
  const last = new Date('2026-05-10T12:00:00Z');
  it('says the days and the hours left', () => {
    expect(streakReminderText(12, last, plus(last, 24 * HOUR), 0)).toBe('Your 12-day streak ends in 4 hours');
    expect(streakReminderText(2, last, plus(last, 27.5 * HOUR), 0)).toBe('Your 2-day streak ends in 30 minutes');
    expect(streakReminderText(5, last, plus(last, 27 * HOUR), 1)).toBe('Your 5-day streak uses a freeze in 1 hour. Post to keep it.');
  });
});
