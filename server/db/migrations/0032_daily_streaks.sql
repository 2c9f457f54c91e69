-- Daily streaks (issue 22): a streak is computed from the times of a user's posts (core/streak.ts):
-- a post at most 28 hours after the previous one continues it, and it counts the New York
-- calendar days that have a post. Posting reads all of the author's post times, hence the index.
CREATE INDEX IF NOT EXISTS poops_uid_created_idx ON poops (uid, created_date);

-- Streaks stored under the old reading (one step per post) are recomputed with the same rule:
-- runs split where a gap exceeds 28 hours; a run counts its distinct New York days.
WITH ordered AS (
  SELECT uid, created_date,
         (created_date AT TIME ZONE 'America/New_York')::date AS day,
         CASE WHEN created_date - lag(created_date) OVER (PARTITION BY uid ORDER BY created_date) <= interval '28 hours'
              THEN 0 ELSE 1 END AS starts_run
  FROM poops
),
numbered AS (
  SELECT uid, created_date, day,
         sum(starts_run) OVER (PARTITION BY uid ORDER BY created_date ROWS UNBOUNDED PRECEDING) AS run
  FROM ordered
),
runs AS (
  SELECT uid, run, count(DISTINCT day)::integer AS days, max(created_date) AS last
  FROM numbered
  GROUP BY uid, run
),
streaks AS (
  SELECT uid,
         max(days) AS longest,
         (array_agg(days ORDER BY run DESC))[1] AS current,
         max(last) AS last
  FROM runs
  GROUP BY uid
)
UPDATE users
SET current_streak = streaks.current, longest_streak = streaks.longest, last_poop_posted = streaks.last
FROM streaks
WHERE users.uid = streaks.uid;
