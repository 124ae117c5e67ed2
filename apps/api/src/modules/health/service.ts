import type { Database } from '../../db/client';

/** The readiness probe's one call: whether the database answers. */
export function createHealthService(database: Database) {
  return { ping: () => database.ping() };
}

export type HealthService = ReturnType<typeof createHealthService>;
