-- 0091 made `message` nullable (null: the row is worded from its kind and params) but left the
-- DEFAULT '' it had since 0001, so every row written since carried '' and read as an older row's
-- own, empty sentence: a blank notification and a push with no body. No sentence the server ever
-- wrote is empty, so '' is never one to keep.
ALTER TABLE notifications ALTER COLUMN message DROP DEFAULT;
UPDATE notifications SET message = NULL WHERE message = '';
