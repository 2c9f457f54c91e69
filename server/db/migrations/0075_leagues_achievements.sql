-- Weekly leagues with friends and achievements (issue 44, core/league.ts, core/achievements.ts).

-- A league: its owner and its invitation code (rotated by the owner; the old one stops working).
CREATE TABLE leagues (
  id         uuid PRIMARY KEY,
  name       text NOT NULL,
  owner_uid  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  code       text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Members (the owner included). Joins lock the league's row, so the count never passes the limit.
CREATE TABLE league_members (
  league_id  uuid NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
  uid        text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (league_id, uid)
);
CREATE INDEX league_members_uid_idx ON league_members (uid);

-- A week closed once per league (the job may run on several servers, or twice): its winners follow.
CREATE TABLE league_weeks (
  league_id  uuid NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
  week       date NOT NULL,
  closed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (league_id, week)
);

-- The week's winners (a tie shares the win): the badge on the board and the points they were given.
CREATE TABLE league_wins (
  league_id   uuid NOT NULL,
  week        date NOT NULL,
  uid         text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  days_logged integer NOT NULL,
  PRIMARY KEY (league_id, week, uid),
  FOREIGN KEY (league_id, week) REFERENCES league_weeks (league_id, week) ON DELETE CASCADE
);
CREATE INDEX league_wins_uid_idx ON league_wins (uid);

-- Achievements earned, once per key. `shown`: the owner shows one that reveals health to others.
CREATE TABLE achievements (
  uid       text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  key       text NOT NULL,
  earned_at timestamptz NOT NULL,
  shown     boolean NOT NULL DEFAULT false,
  PRIMARY KEY (uid, key)
);
