-- Support messages (account/help), the durable queue of account deletions, and where each
-- user's avatar is stored (users/{email}/avatar, keyed by the e-mail at upload time).
ALTER TABLE users ADD COLUMN avatar_key text NOT NULL DEFAULT '';

CREATE TABLE support (
  id          uuid PRIMARY KEY,
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  email       text NOT NULL DEFAULT '',
  message     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_created_idx ON support (created_at DESC);

-- A row here outlives the user row on purpose: it is what lets a deletion that failed
-- midway (storage, database or Firebase) be resumed until every part is gone.
CREATE TABLE account_deletions (
  uid           text PRIMARY KEY,
  email         text NOT NULL DEFAULT '',
  requested_at  timestamptz NOT NULL DEFAULT now(),
  attempts      integer NOT NULL DEFAULT 0,
  last_error    text NOT NULL DEFAULT ''
);
