/** Entry: env -> buildApp -> listen on 0.0.0.0:PORT; prints the URL and the demo accounts. */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { BUILD_HINT } from './static.js';

async function main(): Promise<void> {
  const cfg = loadConfig();
  const started = Date.now();
  // LOG=0: no log; LOG=all: a line for every request; default: writes, errors and slow reads
  const app = await buildApp({ logger: process.env.LOG !== '0', requestLog: process.env.LOG === 'all' ? 'all' : 'notable' });
  await app.listen({ port: cfg.port, host: cfg.host });
  const url = `http://${cfg.host === '0.0.0.0' ? '127.0.0.1' : cfg.host}:${cfg.port}`;
  const lines = [
    '',
    `互联网医院后台管理 ready in ${Date.now() - started} ms`,
    `  console: ${url}/`,
    `  api:     ${url}/hospital`,
    `  data:    ${cfg.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.resolve(cfg.dataDir, 'hospital.db')}`,
    `  encrypt: ${cfg.protocol.encrypt ? 'on' : 'off'}`,
    '  demo accounts:',
    `    admin     / ${process.env.ADMIN_PASSWORD ? '$ADMIN_PASSWORD' : cfg.adminPassword}  (平台, 超级管理员)`,
    '    yunying   / Yunying@2026  (平台, 运营)',
    '    hospadmin / Hosp@123456   (医院, 医院管理员)',
    '    zhuli     / Zhuli@123456  (医院, 医生助理)',
  ];
  if (!fs.existsSync(path.resolve(cfg.staticDir, 'index.html'))) lines.push(`  ${BUILD_HINT}`);
  console.log(lines.join('\n'));
  // graceful stop: /ready turns 503, in-flight requests finish, sockets close with 1012
  // (clients reconnect elsewhere); a stop that hangs is cut after 10 s
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
