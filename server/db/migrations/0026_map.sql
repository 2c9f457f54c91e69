-- The map (issue 26): posts on the map by the ~1 km geohash cell others see them in, in the
-- geohash alphabet's byte order (COLLATE "C"), for prefix ranges and the (cell, id) keyset.
CREATE INDEX poops_map_idx ON poops ((left(geohash, 6) COLLATE "C"), id)
  WHERE status = 'approved' AND NOT deleted AND NOT private AND show_in_map AND geohash <> '';
