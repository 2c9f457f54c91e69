-- Follow counts follow their rows, like the like and comment counts: whoever inserts or
-- deletes a follow (follow, unfollow, or a user deleted with ON DELETE CASCADE), both counts
-- change in the same statement. One UPDATE touches both users, so two people following each
-- other at once lock the rows in the same (index) order and cannot deadlock.
CREATE FUNCTION count_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  edge follows := CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END;
BEGIN
  UPDATE users
     SET followers  = followers  + CASE WHEN uid = edge.followee_uid THEN step ELSE 0 END,
         followings = followings + CASE WHEN uid = edge.follower_uid THEN step ELSE 0 END
   WHERE uid IN (edge.follower_uid, edge.followee_uid);
  RETURN NULL;
END $$;
CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION count_follows();
