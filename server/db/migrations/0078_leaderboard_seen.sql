-- The top bar's 'New' badge on the leaderboard button (issue 42): shown until the user has opened
-- the leaderboard once, on any device, so it is kept on the account.
ALTER TABLE users ADD COLUMN leaderboard_seen boolean NOT NULL DEFAULT false;
