/**
 * Request logging: one `request completed` line (method, url, status, time) for each call worth
 * reading afterwards — writes (every method but GET and HEAD), answers of 400 and above,
 * errors, and reads slower than SLOW_REQUEST_MS. Fastify's default (two lines for every call)
 * cost more CPU than the list query itself at a thousand reads a second. `LOG=all` keeps
 * Fastify's lines for every call. Who did what stays in the operation log (logs/index.ts),
 * which this does not touch.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export const SLOW_REQUEST_MS = 1000;

export type RequestLogMode = 'all' | 'notable';

/** Whether a finished call gets a line in 'notable' mode. */
export function notableRequest(method: string, status: number, ms: number): boolean {
  return (method !== 'GET' && method !== 'HEAD') || status >= 400 || ms >= SLOW_REQUEST_MS;
}

export class RequestLog extends LogController {
  constructor(private readonly mode: RequestLogMode) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.mode === 'all') super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.mode === 'all') return super.requestCompleted(error, request, reply, metadata);
    const ms = reply.elapsedTime;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: ms }, 'request errored');
    else if (notableRequest(request.method, reply.statusCode, ms)) reply.log.info({ req: request, res: reply, responseTime: ms }, 'request completed');
  }
}
