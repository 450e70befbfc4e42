/**
 * Vitest lifecycle for a browser test file: one real server + one Chromium per file,
 * a fresh context per `newSession()`, screenshots of every open page when a test fails,
 * and a hard failure on unexpected page/console errors or 5xx answers.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, startServer, watchErrors, type ErrorWatch, type RunningServer, type StartServerOptions } from './harness.js';

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: ErrorWatch;
}

export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly url: string;
  /** A fresh browser context (empty storage) with error watching. */
  newSession(): Promise<Session>;
}

export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'hosp-e2e-shots');

export function useE2E(opts: StartServerOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const sessions: Session[] = [];

  beforeAll(async () => {
    server = await startServer(opts);
    browser = await launchBrowser();
  });

  afterEach(async (ctx) => {
    const state = ctx.task.result?.state;
    if (state !== 'fail') return;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const dir = mkdtempSync(join(SCREENSHOT_DIR, `${ctx.task.name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(0, 60)}-`));
    let i = 0;
    for (const s of sessions) {
      for (const p of s.context.pages()) {
        const file = join(dir, `page-${i++}.png`);
        await p.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(`[e2e] screenshot of ${p.url()} -> ${file}`);
      }
    }
    for (const s of sessions) {
      if (s.errors.errors.length) console.error(`[e2e] browser errors so far:\n  ${s.errors.errors.join('\n  ')}`);
    }
    if (server) console.error(`[e2e] server log tail:\n${server.logs()}`);
  });

  afterAll(async () => {
    for (const s of sessions) await s.context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
    get url() {
      return this.server.url;
    },
    async newSession() {
      const context = await this.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const s: Session = { context, page, errors: watchErrors(page) };
      sessions.push(s);
      return s;
    },
  };
}
