-- Hidden cells (issue 39): once a ~5 km cell (left(geohash, 5), MAP_HOME_GEOHASH_PRECISION) has been
-- a user's home area, it stays hidden from others for good, so the rule only ever hides more.
-- The home area after a post is the cell where the author has most located posts (every post they
-- ever made with a place: private, pending and deleted ones count), a tie going to the post's own
-- cell (core/map-privacy.ts `becomesHomeArea`, applied by PoopRepository.insertPost).
CREATE TABLE map_hidden_cells (
  uid        text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  cell       text NOT NULL,
  hidden_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, cell)
);

-- A post in one of its author's hidden cells: others see it neither on the map nor with its place
-- name. Set with the cell, in the same transaction; a post never moves, and a cell never stops being hidden.
ALTER TABLE poops ADD COLUMN place_hidden boolean NOT NULL DEFAULT false;

-- The cells every existing user's home area has been, replaying their located posts in the order
-- they were made: after each post, its cell was the home area when it held at least as many of
-- their posts as any cell did. (A one-off replay of the rule above over the history.)
INSERT INTO map_hidden_cells (uid, cell)
SELECT DISTINCT uid, cell
FROM (
  SELECT uid, cell, n, max(n) OVER (PARTITION BY uid ORDER BY created_date, id ROWS UNBOUNDED PRECEDING) AS most
  FROM (
    SELECT p.uid, left(p.geohash, 5) AS cell, p.created_date, p.id,
           count(*) OVER (PARTITION BY p.uid, left(p.geohash, 5) ORDER BY p.created_date, p.id ROWS UNBOUNDED PRECEDING) AS n
    FROM poops AS p
    WHERE length(p.geohash) >= 5 AND EXISTS (SELECT 1 FROM users AS u WHERE u.uid = p.uid)
  ) AS running
) AS replay
WHERE n = most;

-- The home area under the rule before this one (most non-deleted posts, a tie to the latest): its
-- posts were hidden from others until today, so they stay hidden.
INSERT INTO map_hidden_cells (uid, cell)
SELECT DISTINCT ON (uid) uid, cell
FROM (
  SELECT p.uid, left(p.geohash, 5) AS cell, count(*) AS n, max(p.created_date) AS latest
  FROM poops AS p
  WHERE length(p.geohash) >= 5 AND NOT p.deleted AND EXISTS (SELECT 1 FROM users AS u WHERE u.uid = p.uid)
  GROUP BY p.uid, left(p.geohash, 5)
) AS areas
ORDER BY uid, n DESC, latest DESC
ON CONFLICT DO NOTHING;

UPDATE poops AS p SET place_hidden = true
FROM map_hidden_cells AS h
WHERE h.uid = p.uid AND h.cell = left(p.geohash, 5);

-- Place names were asked at Nominatim's default detail (a street or a building); suggestions are
-- city level now, so none of the old answers may be served again.
DELETE FROM geocode_cache;
