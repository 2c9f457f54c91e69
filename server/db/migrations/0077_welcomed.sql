-- The new-account welcome (username, avatar, the Bristol scale) is shown once per account, on
-- every device: welcomed_at records when it was finished or skipped, null until then. Accounts
-- made before the welcome existed have had their start; they count as welcomed when they joined.
ALTER TABLE users ADD COLUMN welcomed_at timestamptz;
UPDATE users SET welcomed_at = created_at;

-- Notifications say what happened (issue 42): a comment's notification names its comment, so the
-- list shows the comment's first words and opens the post at it. Older rows carry the comment's
-- id in their dedupe key ('poop_commented:<actor>:<comment id>').
ALTER TABLE notifications ADD COLUMN comment_id uuid;
UPDATE notifications SET comment_id = split_part(dedupe_key, ':', 3)::uuid
 WHERE kind IN ('poop_commented', 'comment_liked')
   AND split_part(dedupe_key, ':', 3) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
