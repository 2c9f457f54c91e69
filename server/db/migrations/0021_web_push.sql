-- Web Push (issue 10): one row per browser subscription, several per user. The endpoint is
-- unique: a device that signs in with another account moves its subscription to that account.
CREATE TABLE push_subscriptions (
  id                   uuid PRIMARY KEY,
  uid                  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  endpoint             text NOT NULL UNIQUE,
  p256dh               text NOT NULL,
  auth                 text NOT NULL,
  application_pub_key  text NOT NULL DEFAULT '',
  expiration_time      timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_uid_idx ON push_subscriptions (uid);

-- The in-app path a notification opens (also added by the notifications work; either may run first).
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS link text NOT NULL DEFAULT '/root/notifications';

-- Outbox: every notification row starts 'pending'; the push sweep turns it into delivery jobs
-- ('queued') or 'skipped' (notifications off, no device). Rows that existed before are 'done'.
ALTER TABLE notifications ADD COLUMN push_state text NOT NULL DEFAULT 'done';
ALTER TABLE notifications ALTER COLUMN push_state SET DEFAULT 'pending';
CREATE INDEX notifications_push_pending_idx ON notifications (created_date) WHERE push_state = 'pending';
