-- Idempotency-Key (issue 10, exactly-once replays): the first answer to a write, stored per
-- user and key. status NULL means the first request is still in flight (a replay gets 409).
-- Keys expire after a day (IDEMPOTENCY_KEY_TTL_MS); the prune job deletes older rows.
CREATE TABLE idempotency_keys (
  uid            text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  key            text NOT NULL,
  request_hash   text NOT NULL,
  status         integer,
  content_type   text NOT NULL DEFAULT '',
  body           text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
