import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConfigResponse } from '../../../core/api';
import type { Config } from '../../config';

/** The app is built without configuration; it reads this at start-up (and caches it for offline). */
export const configRoutes =
  (config: Config, push: { vapidPublicKey: string }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const body = {
      firebase: {
        apiKey: config.firebase.apiKey,
        authDomain: config.firebase.authDomain,
        projectId: config.firebase.projectId,
      },
      authEmulatorUrl: config.firebase.authEmulatorHost ? `http://${config.firebase.authEmulatorHost}` : null,
      mobileDeepLink: config.mobileDeepLink,
      version: config.version,
      vapidPublicKey: push.vapidPublicKey,
    };
    app.get('/api/config', { schema: { tags: ['meta'], response: { 200: ConfigResponse } } }, async () => body);
  };
