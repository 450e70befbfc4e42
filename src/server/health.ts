/**
 * Load-balancer probes, unsigned and outside /hospital: `/health` answers while the process
 * runs (liveness); `/ready` answers 200 only while the database answers (migrations ran before
 * the server listened) and 503 once the server is shutting down, so the balancer drains it.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/connection.js';

/** A balancer may probe with HEAD (the signed API answers no HEAD: app.ts). */
const HEAD = { exposeHeadRoute: true };

export function registerHealth(app: FastifyInstance, database: Database): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/health', HEAD, async () => ({ status: 'UP' }));
  app.get('/ready', HEAD, async (_req, reply) => {
    if (closing) return reply.status(503).send({ status: 'DOWN', reason: 'shutting down' });
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'UP', database: database.dialect };
    } catch {
      return reply.status(503).send({ status: 'DOWN', reason: 'database unreachable' });
    }
  });
}
