import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One method of one route, as registered: what the authorization matrix and the fuzzer walk. */
export interface RouteTableEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `registerRouteTable`, one entry per method (HEAD twins of GET included). */
    routeTable: readonly RouteTableEntry[];
  }
}

/**
 * Records the route table as routes are added (Fastify has no public list of them), so tests can
 * be generated from it: a route added later is covered without anyone keeping a list by hand.
 * Register it first, before any route.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteTableEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url ?? route.path, schema: route.schema });
  });
}
