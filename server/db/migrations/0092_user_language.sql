-- The account's language (issue 62): 'it' or 'en' when the person chose one in Account, null when
-- the app follows the device. It follows the person to their other devices, and the server words
-- their pushes in it (services/push-words.ts).
ALTER TABLE users ADD COLUMN language text;
ALTER TABLE users ADD CONSTRAINT users_language_check CHECK (language IN ('en', 'it'));

-- The language of the device that subscribed to pushes (its app's language then): the words of a
-- push to an account that chose no language follow the device it goes to.
ALTER TABLE push_subscriptions ADD COLUMN language text;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_language_check CHECK (language IN ('en', 'it'));
