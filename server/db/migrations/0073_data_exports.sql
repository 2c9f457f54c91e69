-- "Download my data" (issue 43): one row per export a user asked for. A background job writes the
-- ZIP to storage (storage_key) and marks it ready; the link works for its owner until expires_at
-- (24 h after it was ready), then the sweep deletes the file and the row.
CREATE TABLE data_exports (
  id           uuid PRIMARY KEY,
  uid          text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- pending, ready or failed
  status       text NOT NULL DEFAULT 'pending',
  storage_key  text,
  size         bigint,
  requested_at timestamptz NOT NULL DEFAULT now(),
  ready_at     timestamptz,
  expires_at   timestamptz
);
CREATE INDEX data_exports_uid_idx ON data_exports (uid, requested_at DESC);
CREATE INDEX data_exports_expires_idx ON data_exports (expires_at);
