import { Type, type Static } from 'typebox';
import { MAP_PAGE_MAX } from './constants';
import { PoopTypeSchema } from './poop-api';

/**
 * GET /api/map: the posts on the map in a viewport (spec section 7: a geohash prefix range,
 * approved, not deleted, showInMap; and not private), for a signed-in caller. Positions follow
 * core/map-privacy.ts: exact for the caller's own posts, else the ~1 km cell's centre, and none
 * from a hidden cell of their author.
 */
export const MapQuery = Type.Object(
  {
    /** West edge in degrees; may exceed ±180 (a map panned across the antimeridian) or be east of `east`. */
    west: Type.Number({ minimum: -1080, maximum: 1080 }),
    south: Type.Number({ minimum: -90, maximum: 90 }),
    east: Type.Number({ minimum: -1080, maximum: 1080 }),
    north: Type.Number({ minimum: -90, maximum: 90 }),
    cursor: Type.Optional(Type.String({ maxLength: 80 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAP_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type MapQuery = Static<typeof MapQuery>;

export const MapPostSchema = Type.Object(
  {
    id: Type.String(),
    uid: Type.String(),
    username: Type.String(),
    userPhotoURL: Type.String(),
    type: PoopTypeSchema,
    /** New York local time, ISO form, like every post date. */
    createdDate: Type.String(),
    /** A tiny blurred WebP as a data: URL: the card's blurred photo, offline too. */
    placeholder: Type.String(),
    /** The geohash cell the marker stands for: the full geohash for the caller's own posts, else ~1 km. */
    geohash: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    /** True only on the caller's own posts: the position is where it was made. */
    exact: Type.Boolean(),
  },
  { $id: 'MapPost' },
);
export type MapPost = Static<typeof MapPostSchema>;

/** A page of the map's posts; pass `nextCursor` back as `?cursor=` (with the same viewport) for more. */
export const MapPageResponse = Type.Object({
  posts: Type.Array(MapPostSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type MapPageResponse = Static<typeof MapPageResponse>;

/** GET /api/map/places: the caller's own hidden cells and located posts per ~5 km cell (core/map-privacy.ts `OwnMapPlaces`). */
export const OwnMapPlacesResponse = Type.Object({
  hiddenCells: Type.Array(Type.String()),
  postsByCell: Type.Array(Type.Object({ cell: Type.String(), posts: Type.Integer({ minimum: 1 }) })),
});
export type OwnMapPlacesResponse = Static<typeof OwnMapPlacesResponse>;
