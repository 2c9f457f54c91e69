-- Users (spec section 3, User), their follows and their notifications.
CREATE TABLE users (
  uid                    text PRIMARY KEY,
  email                  text NOT NULL DEFAULT '',
  username               text NOT NULL,
  username_searchable    text NOT NULL UNIQUE,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  photo_url              text NOT NULL DEFAULT '',
  premium                boolean NOT NULL DEFAULT false,
  followers              integer NOT NULL DEFAULT 0 CHECK (followers >= 0),
  followings             integer NOT NULL DEFAULT 0 CHECK (followings >= 0),
  accumulated_points     integer NOT NULL DEFAULT 0,
  current_points         integer NOT NULL DEFAULT 300,
  subscription_id        text,
  subscription_status    text NOT NULL DEFAULT '',
  fcm_token              text NOT NULL DEFAULT '',
  enable_notifications   boolean NOT NULL DEFAULT false,
  dark_mode              boolean NOT NULL DEFAULT false,
  always_view            boolean NOT NULL DEFAULT false,
  poop_type_description  jsonb,
  current_streak         integer NOT NULL DEFAULT 0,
  longest_streak         integer NOT NULL DEFAULT 0,
  last_poop_posted       timestamptz,
  admin                  boolean NOT NULL DEFAULT false,
  receipt                text NOT NULL DEFAULT ''
);
CREATE INDEX users_email_idx ON users (email) WHERE email <> '';
CREATE INDEX users_current_streak_idx ON users (current_streak DESC);
CREATE INDEX users_longest_streak_idx ON users (longest_streak DESC);
CREATE INDEX users_followers_idx ON users (followers DESC);

-- One row holds both sides of the spec's followers/followings sub-collections.
CREATE TABLE follows (
  follower_uid  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  followee_uid  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_uid, followee_uid),
  CHECK (follower_uid <> followee_uid)
);
CREATE INDEX follows_followee_idx ON follows (followee_uid, created_at DESC);

-- Server-side record of each session cookie (by hash), so sign-out takes effect at once.
CREATE TABLE sessions (
  id          text PRIMARY KEY,
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_uid_idx ON sessions (uid);

CREATE TABLE notifications (
  id            uuid PRIMARY KEY,
  uid           text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_date  timestamptz NOT NULL DEFAULT now(),
  is_read       boolean NOT NULL DEFAULT false,
  kind          text NOT NULL DEFAULT '',
  message       text NOT NULL DEFAULT ''
);
CREATE INDEX notifications_uid_idx ON notifications (uid, created_date DESC);
CREATE INDEX notifications_unread_idx ON notifications (uid) WHERE NOT is_read;
