/**
 * A small regulator stub for tests and demos: answers the upload queue's
 * `POST <base>/pub/<uploadType>` the way a regulator would, in the mode it is set to —
 *
 * - `accept`:  200 `{code: 0, message: '接收成功'}` (the row becomes 已上报);
 * - `reject`:  200 `{code: 'E1001', message: <reason>}` (a refusal, the reason shown in 上报监控);
 * - `http500`: 500 `{message: '系统繁忙'}`;
 * - `timeout`: never answers (the queue gives up after the configuration's timeout).
 *
 * Control, on the same port: `PUT /__stub/mode` with `{mode, reason?}`; `GET /__stub/received`
 * lists the uploads received (url, uploadType, bizNo, body).
 *
 * As a program (`npm run regulator-stub`, PORT default 9099, MODE default accept): point a
 * 监管机构配置's 接口地址 at http://127.0.0.1:9099 and upload records to see every state.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export type StubMode = 'accept' | 'reject' | 'timeout' | 'http500';
export const STUB_MODES: readonly StubMode[] = ['accept', 'reject', 'timeout', 'http500'];
export const DEFAULT_REJECT_REASON = '机构监管编码不存在';

export interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RegulatorStub {
  /** Base URL to put in the regulator configuration (http://127.0.0.1:<port>). */
  url: string;
  received: Received[];
  setMode(mode: StubMode, reason?: string): void;
  close(): Promise<void>;
}

export async function startRegulatorStub(opts: { port?: number; host?: string; mode?: StubMode; reason?: string } = {}): Promise<RegulatorStub> {
  let mode: StubMode = opts.mode ?? 'accept';
  let reason = opts.reason ?? DEFAULT_REJECT_REASON;
  const received: Received[] = [];
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      const url = req.url ?? '';
      if (url === '/__stub/mode' && req.method === 'PUT') {
        let sent: { mode?: string; reason?: string } = {};
        try { sent = JSON.parse(body) as typeof sent; } catch { /* refused below */ }
        if (!STUB_MODES.includes(sent.mode as StubMode)) return json(res, 400, { message: `mode 必须是 ${STUB_MODES.join('、')} 之一` });
        mode = sent.mode as StubMode;
        if (sent.reason) reason = sent.reason;
        return json(res, 200, { mode, reason });
      }
      if (url === '/__stub/received' && req.method === 'GET') return json(res, 200, received.map((r) => ({ url: r.url, body: r.body })));
      if (req.method !== 'POST' || !/\/pub\/[\w-]+$/.test(url)) return json(res, 404, { message: 'not found' });
      received.push({ url, headers: req.headers, body });
      if (mode === 'timeout') return; // never answers
      if (mode === 'http500') return json(res, 500, { message: '系统繁忙' });
      return json(res, 200, mode === 'accept' ? { code: 0, message: '接收成功' } : { code: 'E1001', message: reason });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMode(m, r) {
      mode = m;
      if (r) reason = r;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const mode = (process.env.MODE ?? 'accept') as StubMode;
  if (!STUB_MODES.includes(mode)) throw new Error(`MODE must be one of ${STUB_MODES.join(', ')}`);
  const stub = await startRegulatorStub({ port: Number(process.env.PORT ?? 9099), host: process.env.HOST ?? '127.0.0.1', mode });
  console.log(`regulator stub (${mode}) at ${stub.url}: POST /pub/<type>; PUT /__stub/mode {"mode":"reject","reason":"..."}; GET /__stub/received`);
}
