-- A person's day is their own (issue 60): each post and diary entry keeps the IANA zone of its
-- author's account when it was written (core/personal-day.ts), so its day stays put when the person
-- travels later. NULL: counted in New York (core/constants.ts POOP_TIMEZONE), the zone used before
-- one was recorded. Rows written before this migration take the zone recorded now, the best record
-- of where their author lives.
ALTER TABLE poops ADD COLUMN time_zone text;
ALTER TABLE health_entries ADD COLUMN time_zone text;
UPDATE poops p SET time_zone = u.time_zone FROM users u WHERE u.uid = p.uid AND u.time_zone IS NOT NULL;
UPDATE health_entries h SET time_zone = u.time_zone FROM users u WHERE u.uid = h.uid AND u.time_zone IS NOT NULL;
