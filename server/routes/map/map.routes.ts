import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { MapPageResponse, MapQuery } from '../../../core/map-api';
import type { MapService } from '../../services/map.service';

/** The map's posts in a viewport (readable without a session, like the feed). */
export const mapRoutes =
  (deps: { map: MapService }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/map',
      {
        schema: {
          tags: ['poops'],
          summary:
            "Posts on the map in a viewport, by geohash prefix ranges; others see ~1 km cells, never posts from the author's home area",
          querystring: MapQuery,
          response: { 200: MapPageResponse, 400: ErrorBody },
        },
      },
      async (request) => deps.map.page(request.query, request.principal?.uid),
    );
  };
