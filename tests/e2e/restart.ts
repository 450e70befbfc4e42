/**
 * Restart helper for browser tests: stops a harness server and starts the real server again
 * on the SAME port and data directory (so open consoles can reconnect with their session).
 * The first server must have been started with an explicit `dataDir` (the harness removes
 * its own temp dir on stop). Also a signed API client for driving the server from the test.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { API_ROOT, DEFAULT_PROTOCOL_CONFIG, baseHeaders, computeSign, decryptText, encryptJson, type Envelope } from '../../src/core/protocol/index.js';
import { ROOT, SERVER_START_MS, serverArgs, type RunningServer } from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function restartServer(old: RunningServer, opts: { seedRows?: number; downMs?: number } = {}): Promise<RunningServer> {
  await old.stop();
  if (opts.downMs) await sleep(opts.downMs);
  return spawnOn(old.port, old.dataDir, opts.seedRows ?? 55);
}

export async function spawnOn(port: number, dataDir: string, seedRows = 55, timeoutMs = SERVER_START_MS): Promise<RunningServer> {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const l of chunk.toString('utf8').split('\n')) if (l.trim() && !/"statusCode":[123]\d\d\b|incoming request/.test(l)) lines.push(l);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  const proc = spawn(process.execPath, await serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SEED_ROWS: String(seedRows) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const logs = () => lines.slice(-60).join('\n');
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`restarted server exited (${proc.exitCode ?? proc.signalCode})\n${logs()}`);
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`restarted server did not answer within ${timeoutMs} ms\n${logs()}`);
    }
    await sleep(150);
  }
  return { url, port, dataDir, proc, logs, stop };
}

// ---------------------------------------------------------------- signed API client

const cfg = DEFAULT_PROTOCOL_CONFIG;

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  tenantId?: number;
}

export async function api<T = unknown>(baseUrl: string, path: string, o: ApiCall = {}): Promise<Envelope<T>> {
  const method = o.method ?? (o.body !== undefined ? 'POST' : 'GET');
  const ts = String(Date.now());
  const query: Record<string, string | number> = { ...(o.query ?? {}) };
  const sign = computeSign(path, query, o.body, cfg.signSecret, ts);
  if (method === 'GET') query._t = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    ...baseHeaders(cfg, { token: o.token, tenantId: o.tenantId, random: randomBytes(16).toString('hex') }),
    'X-Sign': sign,
    'X-TIMESTAMP': ts,
  };
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${baseUrl}${API_ROOT}${path}${qs.size ? `?${qs}` : ''}`, {
    method,
    headers,
    body: o.body !== undefined ? (cfg.encrypt ? encryptJson(o.body, cfg) : JSON.stringify(o.body)) : undefined,
  });
  const text = await res.text();
  return JSON.parse(text.startsWith('{') ? text : decryptText(text, cfg)) as Envelope<T>;
}

export async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const r = await api<{ token: string }>(baseUrl, '/sys/login', { body: { username, password } });
  if (!r.success) throw new Error(`login ${username}: ${r.message}`);
  return r.result.token;
}

/** Adds and publishes an announcement (msgType ALL) in `tenantId` as the given admin token; returns its id. */
export async function publishAnnouncement(baseUrl: string, token: string, tenantId: number, body: Record<string, unknown>): Promise<string> {
  const add = await api<string>(baseUrl, '/sys/annountCement/add', {
    token,
    tenantId,
    body: { msgCategory: '1', msgType: 'ALL', priority: 'H', ...body },
  });
  if (!add.success) throw new Error(`add announcement: ${add.message}`);
  const id = String(add.result);
  const rel = await api(baseUrl, '/sys/annountCement/doReleaseData', { token, tenantId, query: { id } });
  if (!rel.success) throw new Error(`publish announcement: ${rel.message}`);
  return id;
}
