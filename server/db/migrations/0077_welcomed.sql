-- The new-account welcome (username, avatar, the Bristol scale) is shown once per account, on
-- every device: welcomed_at records when it was finished or skipped, null until then. Accounts
-- made before the welcome existed have had their start; they count as welcomed when they joined.
ALTER TABLE users ADD COLUMN welcomed_at timestamptz;
UPDATE users SET welcomed_at = created_at;
