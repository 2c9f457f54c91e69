import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { MapPageResponse, MapQuery, OwnMapPlacesResponse } from '../../../core/map-api';
import { requirePrincipal, requireSession } from '../../plugins/session';
import type { MapService } from '../../services/map.service';

/**
 * The map's posts in a viewport, for a signed-in caller (a guest's session is enough). Unlike the
 * feed, the map ties posts to places: the screen is only reachable signed in, and a session makes
 * every read someone's, so the map is not served to callers without one.
 */
export const mapRoutes =
  (deps: { map: MapService }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/map',
      {
        onRequest: requireSession,
        schema: {
          tags: ['poops'],
          summary:
            "Posts on the map in a viewport, by geohash prefix ranges; others see ~1 km cells, never posts from their author's hidden cells",
          querystring: MapQuery,
          response: { 200: MapPageResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => deps.map.page(request.query, requirePrincipal(request).uid),
    );

    app.get(
      '/api/map/places',
      {
        onRequest: requireSession,
        schema: {
          tags: ['poops'],
          summary: "The caller's own hidden cells and located posts per ~5 km cell (what the create screen tells from)",
          response: { 200: OwnMapPlacesResponse, 401: ErrorBody },
        },
      },
      async (request) => deps.map.ownPlaces(requirePrincipal(request).uid),
    );
  };
