import { describe, expect, it } from 'vitest';
import { apiRoutes, call, ROUTE_MATRIX, type RouteAccess } from './route-matrix';
import { buildWorld, ROLES, type Role, type World } from './route-world';
import { isErrorEnvelope } from './error-envelope';

describe('authorization matrix over the route table', () => {
  it('every API route is described, and answers each caller as described: no 5xx, no leak, errors in the envelope', async () => {
    const world = await buildWorld();
    const routes = apiRoutes(world);
    const missing = routes.filter((key) => !ROUTE_MATRIX[key]);
    const stale = Object.keys(ROUTE_MATRIX).filter((key) => !routes.includes(key));
    expect(
      missing.map(
        (key) =>
          `${key} is not in the authorization matrix: add an entry to server/test/route-matrix.ts (see its header) saying what anonymous, guest, other, premium, admin, the three reviewers and owner get`,
      ),
    ).toEqual([]);
    expect(stale.map((key) => `${key} is in server/test/route-matrix.ts but no such route is registered: remove or rename it`)).toEqual([]);

    const problems: string[] = [];
    for (const key of routes) {
      const access = ROUTE_MATRIX[key]!;
      const [method, url] = key.split(' ') as [string, string];
      const sharedTarget =
        access.target && access.fresh !== 'target'
          ? (world.targets[access.target as keyof World['targets']] ?? (await world.fresh(access.target)))
          : undefined;
      for (const role of ROLES) {
        const caller = access.fresh === 'caller' ? await world.freshCaller(role) : world.callers[role];
        const targetId = access.fresh === 'target' && access.target ? await world.fresh(access.target) : sharedTarget;
        const res = await call(world, method, url, caller, access, targetId);
        const where = `${key} as ${role}`;
        const expected = access.expect[role];
        if (res.statusCode !== expected) problems.push(`${where}: ${res.statusCode}, expected ${expected} (${res.body.slice(0, 160)})`);
        if (res.statusCode >= 500) problems.push(`${where}: a 5xx`);
        if (res.statusCode >= 400 && !access.foreign && !matchesEnvelope(res.body))
          problems.push(`${where}: ${res.statusCode} not in the error envelope: ${res.body.slice(0, 160)}`);
        if (role !== 'owner' && res.body.includes(world.ownerEmail)) problems.push(`${where}: the owner's e-mail leaked`);
        if (isStranger(role) && res.body.includes(world.secret)) problems.push(`${where}: the owner's private post leaked`);
        if (access.intact && targetId && mustStayIntact(access, role) && !(await access.intact(world, targetId))) {
          problems.push(`${where}: changed the owner's object (${targetId})`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Some 250 calls and a dozen sign-ups on a shared, two-core machine.
  }, 240_000);
});

function isStranger(role: Role): boolean {
  return role === 'anonymous' || role === 'guest' || role === 'other' || role === 'premium';
}

function mustStayIntact(access: RouteAccess, role: Role): boolean {
  const status = access.expect[role];
  return status >= 400 || (access.strangersNoop?.includes(role) ?? false);
}

function matchesEnvelope(body: string): boolean {
  try {
    return isErrorEnvelope(JSON.parse(body));
  } catch {
    // Not JSON at all: not the envelope.
    return false;
  }
}
