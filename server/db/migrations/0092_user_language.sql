-- The account's language (issue 62): 'it' or 'en' when the person chose one in Account, null when
-- the app follows the device. It follows the person to their other devices, and the server words
-- their pushes in it (services/push-words.ts).
ALTER TABLE users ADD COLUMN language text;
ALTER TABLE users ADD CONSTRAINT users_language_check CHECK (language IN ('en', 'it'));
