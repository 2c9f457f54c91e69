-- Leagues (issue 61): a member the owner removed cannot rejoin with the code they were removed
-- under; once the owner makes a new code (an invitation again), it lets them in.
CREATE TABLE league_removals (
  league_id  uuid NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
  uid        text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  code       text NOT NULL,
  removed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (league_id, uid)
);
