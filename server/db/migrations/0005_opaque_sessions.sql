-- Sessions become the server's own: the cookie holds an opaque random id, the table its SHA-256.
-- Rows made for Firebase session cookies cannot be told guest from account, so they go (sign in again).
DELETE FROM sessions;
ALTER TABLE sessions ADD COLUMN anonymous boolean NOT NULL DEFAULT false;
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
