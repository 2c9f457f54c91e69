import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConfigResponse } from '../../../core/api';
import type { Config } from '../../config';

/** The public configuration the app starts with (also written into the served index.html). */
export function publicConfig(config: Config, push: { vapidPublicKey: string }): ConfigResponse {
  return {
    vapidPublicKey: push.vapidPublicKey,
    firebase: {
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
    },
    authEmulatorUrl: config.firebase.authEmulatorHost ? `http://${config.firebase.authEmulatorHost}` : null,
    mobileDeepLink: config.mobileDeepLink,
    version: config.version,
    ...(config.mapStyleUrl ? { mapStyleUrl: config.mapStyleUrl } : {}),
  };
}

/** The app is built without configuration; it reads this at start-up (and caches it for offline). */
export const configRoutes =
  (config: Config, push: { vapidPublicKey: string }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const body = publicConfig(config, push);
    app.get('/api/config', { schema: { tags: ['meta'], response: { 200: ConfigResponse } } }, async () => body);
  };
