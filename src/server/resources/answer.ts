/**
 * Calls whose refusals are business answers (HTTP 200, `success: false`, the refusal's code and
 * message, `result` kept — e.g. `{errors}`) rather than HTTP errors: registration, 个人设置.
 * A write's refusal (ApiError 4xx) becomes that answer; anything else is thrown on.
 */
import type { Envelope } from '../../core/protocol/envelope.js';
import { ApiError } from '../errors.js';

export async function asAnswer(write: () => Promise<unknown>): Promise<Envelope<unknown> | null> {
  try {
    await write();
    return null;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      return { success: false, message: err.message, code: err.status, result: err.result ?? null, timestamp: Date.now() };
    }
    throw err;
  }
}
