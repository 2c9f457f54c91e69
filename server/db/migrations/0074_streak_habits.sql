-- Streak habits (issue 44): reminders and freezes (core/streak.ts, core/streak-reminder.ts).

-- The user's IANA time zone (recorded by the app; quiet hours are in it), the reminder setting
-- (on by default; sent only when notifications are on) and when the current streak ends,
-- freezes held counted (core/streak.ts streakReport's endsAt), so reads need not recompute it.
ALTER TABLE users ADD COLUMN IF NOT EXISTS time_zone text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS streak_reminders boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN IF NOT EXISTS streak_kept_until timestamptz;

-- Freezes bought with points; the id is the client's (the outbox replays the same PUT: one row).
CREATE TABLE IF NOT EXISTS streak_freezes (
  id         uuid PRIMARY KEY,
  uid        text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  bought_at  timestamptz NOT NULL,
  price      integer NOT NULL
);
CREATE INDEX IF NOT EXISTS streak_freezes_uid_idx ON streak_freezes (uid);

-- Each freeze used: the New York day it kept ("Frozen" on the profile) and when. given_back: a late
-- post filled that day, so the freeze was not needed after all (it is held again). A row with
-- given_back false is a freeze that saved a streak.
CREATE TABLE IF NOT EXISTS streak_freezes_used (
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  day         date NOT NULL,
  used_at     timestamptz NOT NULL,
  given_back  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (uid, day)
);

-- "Snooze 1 hour" on a reminder: once per streak day (the New York day of the last activity).
CREATE TABLE IF NOT EXISTS streak_reminder_snoozes (
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  streak_day  date NOT NULL,
  until       timestamptz NOT NULL,
  PRIMARY KEY (uid, streak_day)
);
