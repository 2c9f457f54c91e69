-- Social: what a notification needs to render, link and be pushed, a key that keeps an event
-- from notifying twice, and username search (prefix, then pg_trgm similarity).

-- `message` stays the human text; the push sender reads actor_uid, poop_id and link too.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS actor_uid text REFERENCES users (uid) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS poop_id uuid REFERENCES poops (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS link text NOT NULL DEFAULT '';
-- One notification per event: e.g. 'poop_liked:{actor}:{poop}', so unlike + like again or a
-- replayed request finds the row taken. NULL for kinds that may repeat.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS dedupe_key text;
CREATE UNIQUE INDEX IF NOT EXISTS notifications_dedupe_idx ON notifications (uid, dedupe_key);
CREATE INDEX IF NOT EXISTS notifications_page_idx ON notifications (uid, created_date DESC, id DESC);

-- pg_trgm lives in public so every schema (tests use one each) finds it under one name. Two
-- databases migrating at once may race to create it; the loser finds it made.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN
  NULL;
END $$;
CREATE INDEX IF NOT EXISTS users_username_prefix_idx ON users (username_searchable text_pattern_ops);
CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username_searchable public.gin_trgm_ops);

-- Follow lists page by (created_at, uid) both ways.
CREATE INDEX IF NOT EXISTS follows_follower_idx ON follows (follower_uid, created_at DESC);
