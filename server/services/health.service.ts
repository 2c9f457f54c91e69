import type { HealthRepository } from '../repositories/health.repository';

/** Liveness and readiness: the version running and whether the database answers. */
export class HealthService {
  constructor(
    private readonly health: HealthRepository,
    private readonly version: string,
  ) {}

  async status(): Promise<{ status: 'ok'; database: 'pglite' | 'postgres'; version: string }> {
    const database = await this.health.ping();
    return { status: 'ok', database, version: this.version };
  }
}
