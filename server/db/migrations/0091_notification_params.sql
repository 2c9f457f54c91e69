-- Notifications are stored as a kind plus parameters, not as an English sentence (issue 62): the
-- app and the push worker word them in the reader's language (core/notification-kinds.ts
-- NotificationParams). Existing rows are read into params where their sentence is one the server
-- wrote; a row whose sentence cannot be read keeps it in `message` (now nullable), shown as it is.
ALTER TABLE notifications ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE notifications ALTER COLUMN message DROP NOT NULL;
-- No default either: a row without a sentence is worded from its kind and params ('' would read as an empty sentence).
ALTER TABLE notifications ALTER COLUMN message DROP DEFAULT;

-- The kinds whose only parameter is who did it.
UPDATE notifications n SET params = jsonb_build_object('actorName', r.m[1]), message = NULL
FROM (
  SELECT id, CASE kind
    WHEN 'poop_liked' THEN regexp_match(message, '^(.+) liked your post$')
    WHEN 'poop_commented' THEN regexp_match(message, '^(.+) commented on your post$')
    WHEN 'comment_liked' THEN regexp_match(message, '^(.+) liked your comment$')
    WHEN 'followed' THEN regexp_match(message, '^(.+) started following you$')
    WHEN 'chat_message' THEN regexp_match(message, '^(.+) sent you a message$')
  END AS m
  FROM notifications
  WHERE kind IN ('poop_liked', 'poop_commented', 'comment_liked', 'followed', 'chat_message')
) r
WHERE n.id = r.id AND r.m IS NOT NULL;

-- The kinds with one parameter of their own.
UPDATE notifications n SET params = jsonb_build_object(r.name, r.m[1]), message = NULL
FROM (
  SELECT id,
    CASE kind WHEN 'poop_type_changed' THEN 'poopType' WHEN 'achievement_earned' THEN 'achievementTitle' ELSE 'leagueName' END AS name,
    CASE kind
      WHEN 'poop_type_changed' THEN regexp_match(message, '^A moderator changed the type of your post to (.+)$')
      WHEN 'achievement_earned' THEN regexp_match(message, '^You earned "(.*)"$')
      WHEN 'league_won' THEN regexp_match(message, '^You won the week in (.*)!$')
    END AS m
  FROM notifications
  WHERE kind IN ('poop_type_changed', 'achievement_earned', 'league_won')
) r
WHERE n.id = r.id AND r.m IS NOT NULL;

-- Someone joined a league: a username has no spaces, so the rest is the league's name.
UPDATE notifications n SET params = jsonb_build_object('actorName', r.m[1], 'leagueName', r.m[2]), message = NULL
FROM (SELECT id, regexp_match(message, '^(\S+) joined (.+)$') AS m FROM notifications WHERE kind = 'league_joined') r
WHERE n.id = r.id AND r.m IS NOT NULL;

-- The sentences without parameters.
UPDATE notifications SET message = NULL
WHERE (kind = 'poop_approved' AND message = 'A moderator approved your post: it is in the feed now')
   OR (kind = 'poop_denied' AND message = 'A moderator did not approve your post: only you can see it')
   OR (kind = 'premium_started' AND message = 'Your premium is active: chat and the premium badge are yours.')
   OR (kind = 'premium_ended' AND message = 'Your premium has ended.')
   OR (kind = 'streak_reminder' AND message = 'Your streak ends soon');

UPDATE notifications n SET params = jsonb_build_object('hours', r.m[1]::int), message = NULL
FROM (SELECT id, regexp_match(message, '^Your data is ready to download for the next (\d+) hours\.$') AS m FROM notifications WHERE kind = 'data_export_ready') r
WHERE n.id = r.id AND r.m IS NOT NULL;

-- "Your 12-day streak ends in 4 hours", "Your 3-day streak uses a freeze in 1 hour. Post to keep it."
UPDATE notifications n
SET params = jsonb_build_object(
    'days', r.m[1]::int,
    'minutesLeft', r.m[3]::int * CASE WHEN r.m[4] = 'hour' THEN 60 ELSE 1 END,
    'usesFreeze', r.m[2] = 'uses a freeze in'),
  message = NULL
FROM (
  SELECT id, regexp_match(message, '^Your (\d+)-day streak (ends in|uses a freeze in) (\d+) (minute|hour)s?(\. Post to keep it\.)?$') AS m
  FROM notifications WHERE kind = 'streak_reminder'
) r
WHERE n.id = r.id AND r.m IS NOT NULL;
