-- darkMode becomes the user's choice, null until they make one: the app then follows the device's
-- light/dark setting. Sign-up used to write false for everyone, so a false cannot be told from no
-- choice; it is read as no choice (on a light device nothing changes, and a dark one now gets the
-- dark theme its user asked the system for). A true was always chosen, and stays.
ALTER TABLE users ALTER COLUMN dark_mode DROP NOT NULL;
ALTER TABLE users ALTER COLUMN dark_mode DROP DEFAULT;
UPDATE users SET dark_mode = NULL WHERE dark_mode = false;
