-- Poop posts (spec section 3, Poop post), their likes, comments and comment likes, and the
-- reverse-geocoding cache. Post dates have millisecond precision (timestamptz(3)) so the
-- feed's keyset cursor, which carries milliseconds, names a row exactly.
CREATE TABLE poops (
  id                        uuid PRIMARY KEY,
  uid                       text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- Denormalised from the author at posting time, as the spec's post carries them.
  username                  text NOT NULL,
  user_photo_url            text NOT NULL DEFAULT '',
  is_user_premium           boolean NOT NULL DEFAULT false,
  type                      text NOT NULL,
  title                     text NOT NULL DEFAULT '',
  description               text NOT NULL DEFAULT '',
  status                    text NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
  -- Storage key prefix poops/{email or uid}/{type}/{id}; the variants are display.webp and thumb.webp under it.
  image_key                 text NOT NULL,
  placeholder               text NOT NULL DEFAULT '',
  width                     integer NOT NULL CHECK (width > 0),
  height                    integer NOT NULL CHECK (height > 0),
  -- Kept equal to the rows of likes / comments by the triggers below.
  likes                     integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  comments                  integer NOT NULL DEFAULT 0 CHECK (comments >= 0),
  geohash                   text NOT NULL DEFAULT '',
  latitude                  double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude                 double precision CHECK (longitude BETWEEN -180 AND 180),
  place_name                text NOT NULL DEFAULT '',
  created_date              timestamptz(3) NOT NULL,
  modified_date             timestamptz(3) NOT NULL,
  is_completed              boolean NOT NULL DEFAULT true,
  verified                  boolean NOT NULL DEFAULT false,
  deleted                   boolean NOT NULL DEFAULT false,
  private                   boolean NOT NULL DEFAULT false,
  show_in_map               boolean NOT NULL DEFAULT false,
  ai_screening              jsonb,
  first_verification        text NOT NULL DEFAULT '',
  second_verification       text NOT NULL DEFAULT '',
  third_verification        text NOT NULL DEFAULT '',
  need_second_verification  boolean NOT NULL DEFAULT false,
  need_third_verification   boolean NOT NULL DEFAULT false,
  CHECK ((latitude IS NULL) = (longitude IS NULL))
);
-- The feed: public posts, newest modification first, keyset (modified_date, id).
CREATE INDEX poops_feed_idx ON poops (modified_date DESC, id DESC)
  WHERE status = 'approved' AND NOT deleted AND NOT private;
-- A user's posts (their private ones included, for the owner).
CREATE INDEX poops_user_idx ON poops (uid, modified_date DESC, id DESC)
  WHERE status = 'approved' AND NOT deleted;
CREATE INDEX poops_most_liked_idx ON poops (likes DESC, id DESC)
  WHERE status = 'approved' AND NOT deleted AND NOT private;

CREATE TABLE likes (
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  poop_id     uuid NOT NULL REFERENCES poops (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, poop_id)
);
CREATE INDEX likes_poop_idx ON likes (poop_id);

CREATE TABLE comments (
  id       uuid PRIMARY KEY,
  poop_id  uuid NOT NULL REFERENCES poops (id) ON DELETE CASCADE,
  uid      text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  text     text NOT NULL,
  created  timestamptz(3) NOT NULL,
  likes    integer NOT NULL DEFAULT 0 CHECK (likes >= 0)
);
CREATE INDEX comments_poop_idx ON comments (poop_id, created, id);
CREATE INDEX comments_uid_idx ON comments (uid);

CREATE TABLE likes_comment (
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  comment_id  uuid NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, comment_id)
);
CREATE INDEX likes_comment_comment_idx ON likes_comment (comment_id);

-- Counters follow their rows in the same statement, whoever inserts or deletes them (a like,
-- an unlike, a user or comment deleted with ON DELETE CASCADE), so they stay exact under
-- concurrency: each change locks the counted row for the rest of its transaction.
CREATE FUNCTION count_poop_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE poops SET likes = likes + 1 WHERE id = NEW.poop_id;
  ELSE
    UPDATE poops SET likes = likes - 1 WHERE id = OLD.poop_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER likes_count AFTER INSERT OR DELETE ON likes
  FOR EACH ROW EXECUTE FUNCTION count_poop_likes();

CREATE FUNCTION count_poop_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE poops SET comments = comments + 1 WHERE id = NEW.poop_id;
  ELSE
    UPDATE poops SET comments = comments - 1 WHERE id = OLD.poop_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER comments_count AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION count_poop_comments();

CREATE FUNCTION count_comment_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE comments SET likes = likes + 1 WHERE id = NEW.comment_id;
  ELSE
    UPDATE comments SET likes = likes - 1 WHERE id = OLD.comment_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER likes_comment_count AFTER INSERT OR DELETE ON likes_comment
  FOR EACH ROW EXECUTE FUNCTION count_comment_likes();

-- Reverse-geocoding answers by rounded coordinates ("40.713,-74.006"); failures are not stored.
CREATE TABLE geocode_cache (
  cell        text PRIMARY KEY,
  place_name  text NOT NULL,
  fetched_at  timestamptz NOT NULL DEFAULT now()
);
