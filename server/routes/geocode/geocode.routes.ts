import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { acceptLanguageTags, languageFromTags } from '../../../core/language';
import { ReverseGeocodeQuery, ReverseGeocodeResponse } from '../../../core/poop-api';
import { requireSession } from '../../plugins/session';
import type { GeocodeService } from '../../services/geocode.service';

export const geocodeRoutes =
  (geocode: GeocodeService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/geocode/reverse',
      {
        // Signed-in only: each miss spends the shared upstream budget of 1 request per second.
        onRequest: requireSession,
        schema: {
          tags: ['geocode'],
          summary: 'Place name at coordinates (cached; empty when the lookup fails)',
          querystring: ReverseGeocodeQuery,
          response: { 200: ReverseGeocodeResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      // The country in the reader's language: the first Accept-Language asks for that Plop speaks
      // (the app sends its own language, which follows the account's choice).
      async (request) => ({
        placeName: await geocode.reverse(
          request.query.lat,
          request.query.lon,
          languageFromTags(acceptLanguageTags(request.headers['accept-language'])),
        ),
      }),
    );
  };
