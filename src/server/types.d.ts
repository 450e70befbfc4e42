import 'fastify';
import type { SessionUser } from './auth/session.js';
import type { UploadQueue } from './regulator/queue.js';
import type { ExportQueue } from './exports/queue.js';
import type { AppContext } from './context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without X-Access-Token (still signed). */
    public?: boolean;
    /** Permission code the caller must hold. */
    permission?: string;
  }
  interface FastifyInstance {
    /** The regulator upload queue of this app (drain() sends the rows that are due). */
    uploadQueue: UploadQueue;
    /** The background export queue of this app (drain() runs the due jobs, purge() drops expired files). */
    exportQueue: ExportQueue;
    /** What this app's routes share: the database, the schemas, the caches. */
    appContext: AppContext;
  }
  interface FastifyRequest {
    session: SessionUser | null;
    /** Tenant the call acts on (the token user's, or tenant-id for super-tenant users). */
    tenantId: number;
  }
}
