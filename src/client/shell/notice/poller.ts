/**
 * The announcement list refresh: load now, then every 6000 ms after each
 * successful load; the first failure stops the refresh silently. `reload()` loads at once
 * (websocket pushes, after marking read) and restarts the interval from then.
 */
import { LIST_RELOAD_MS } from './types';
import type { Timers } from './socket';

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface Poller {
  start(): void;
  reload(): Promise<void>;
  stop(): void;
  readonly running: boolean;
}

export function createPoller(load: () => Promise<unknown>, intervalMs = LIST_RELOAD_MS, timers: Timers = defaultTimers): Poller {
  let timer: unknown = null;
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let generation = 0;

  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  async function tick(): Promise<void> {
    clear();
    const gen = ++generation;
    try {
      await load();
    } catch {
      // a notification load failure stops the refresh timer silently
      state = 'stopped';
      clear();
      return;
    }
    if (state !== 'running' || gen !== generation) return;
    timer = timers.setTimeout(() => void tick(), intervalMs);
  }

  return {
    start() {
      if (state !== 'idle') return;
      state = 'running';
      void tick();
    },
    async reload() {
      if (state === 'running') return tick();
      // stopped (error or unmount) or not started: one load, no timer
      try {
        await load();
      } catch {
        /* silent */
      }
    },
    stop() {
      state = 'stopped';
      generation++;
      clear();
    },
    get running() {
      return state === 'running';
    },
  };
}
