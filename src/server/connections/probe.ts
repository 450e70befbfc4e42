/**
 * Tries a database connection for real and says why it failed, in Chinese.
 * - SQLite: `jdbc:sqlite:<path>` (or a bare path / `sqlite:<path>`): the file must exist and be a
 *   database (opened read-only, `select 1`); nothing is created.
 * - PostgreSQL: `jdbc:postgresql://host:port/db` or `postgres(ql)://…`, with the user name and
 *   password given apart (those inside the URL are used when not); 5 s to connect.
 * Other database kinds answer that they cannot be tested here.
 */
import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import pg from 'pg';

export interface ProbeTarget {
  url: string;
  username?: string | null;
  password?: string | null;
}

export const PROBE_TIMEOUT_MS = 5000;

/** null when the connection works, else the reason. */
export async function probeConnection(t: ProbeTarget): Promise<string | null> {
  const url = t.url.trim().replace(/^jdbc:/i, '');
  if (/^sqlite:/i.test(url)) return probeSqlite(url.replace(/^sqlite:(\/\/)?/i, ''));
  if (/^postgres(ql)?:\/\//i.test(url)) return probePostgres(url, t);
  return `暂不支持测试该类型的连接（仅支持 SQLite 与 PostgreSQL）：${t.url.split(':').slice(0, 2).join(':')}`;
}

function probeSqlite(file: string): string | null {
  if (!file) return '数据库文件路径不能为空';
  if (!fs.existsSync(file)) return `数据库文件不存在：${file}`;
  if (fs.statSync(file).isDirectory()) return `路径是目录，不是数据库文件：${file}`;
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    db.prepare('select count(*) from sqlite_master').get();
    return null;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') return `不是 SQLite 数据库文件：${file}`;
    if (code === 'SQLITE_CANTOPEN') return `无法打开数据库文件：${file}`;
    return `连接失败：${(err as Error).message}`;
  } finally {
    db?.close();
  }
}

const PG_REASONS: Record<string, string> = {
  '28P01': '用户名或密码错误',
  '28000': '用户名或密码错误（或该用户不允许登录）',
  '3D000': '数据库不存在',
  '57P03': '数据库正在启动或不接受连接',
  '53300': '数据库连接数已满',
};

async function probePostgres(url: string, t: ProbeTarget): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/^postgres(ql)?:/i, 'postgres:'));
  } catch {
    return '数据源地址格式不正确，应为 jdbc:postgresql://主机:端口/数据库';
  }
  const host = `${parsed.hostname}:${parsed.port || '5432'}`;
  const client = new pg.Client({
    host: parsed.hostname, port: Number(parsed.port || 5432), database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || undefined,
    user: t.username || decodeURIComponent(parsed.username) || undefined,
    password: t.password ?? (decodeURIComponent(parsed.password) || undefined),
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code && PG_REASONS[e.code]) return PG_REASONS[e.code]!;
    if (e.code === 'ECONNREFUSED') return `无法连接到 ${host}：连接被拒绝（服务未启动或端口不对）`;
    if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `找不到主机：${parsed.hostname}`;
    if (e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH') return `无法连接到 ${host}：网络不可达`;
    if (/timeout/i.test(e.message ?? '')) return `连接 ${host} 超时（${PROBE_TIMEOUT_MS / 1000} 秒）`;
    if (/password/i.test(e.message ?? '')) return '缺少密码或密码错误';
    return `连接失败：${e.message ?? String(err)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
