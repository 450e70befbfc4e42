/**
 * Uploads and their static serving.
 *
 * POST /hospital/sys/common/upload (multipart, field `file`; `biz` folder as query parameter
 * or form field, ^[a-zA-Z0-9_]+$, default `common`): logged-in users; signed over the query
 * only (see multipart.ts); at most 10 MB; jpg/jpeg/png/gif/webp, pdf, doc/docx/xls/xlsx, txt,
 * checked by extension, declared MIME type and leading bytes. Stored as
 * the file store (storage.ts: DATA_DIR/upload, or S3 when configured) under the key
 * `<biz>/<yyyyMMdd>/<16 hex>_<sanitized name>`, which is the result.
 *
 * GET /hospital/sys/common/static/<relative path> serves those files with neither sign nor
 * token (an <img> cannot send headers). It is registered on the root instance, outside the
 * signed /hospital scope. Nothing but upload keys is reachable (decoded `..`,
 * backslashes, NUL, dot-files and, on disk, symlinks out are 404); Content-Type comes from the
 * extension with `nosniff`; only images, pdf and txt are inline, everything else
 * (svg/html included) is an octet-stream attachment.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_ROOT, ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { MSG_FILE_TOO_LARGE, MAX_FILE_BYTES, readMultipart, registerMultipartScope } from './multipart.js';
import type { FileStore } from './storage.js';
import { registerUpload } from './oss.js';

export { MAX_FILE_BYTES, MSG_FILE_TOO_LARGE, readMultipart, registerMultipartScope } from './multipart.js';
export { createFileStore, localStore, s3ConfigFromEnv, type FileStore, type S3Config } from './storage.js';

export const UPLOAD_PATH = '/sys/common/upload';
export const STATIC_PATH = '/sys/common/static';
export const MSG_BAD_TYPE = '不支持的文件类型';
export const MSG_UPLOADED = '上传成功';
const BIZ = /^[a-zA-Z0-9_]{1,64}$/;
/** Keys of background export files: `-` is not a biz character, so no upload lands here. */
export const EXPORT_KEY_PREFIX = 'export-jobs/';

interface FileType {
  mimes: string[];
  /** Served inline (else as an attachment). */
  inline: boolean;
  /** Content-Type when served. */
  serveAs: string;
  magic?: (b: Buffer) => boolean;
}

const OLE = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
const ZIP = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
const JPEG = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const GENERIC = ['application/octet-stream', ''];

export const FILE_TYPES: Record<string, FileType> = {
  jpg: { mimes: ['image/jpeg', 'image/pjpeg'], inline: true, serveAs: 'image/jpeg', magic: JPEG },
  jpeg: { mimes: ['image/jpeg', 'image/pjpeg'], inline: true, serveAs: 'image/jpeg', magic: JPEG },
  png: { mimes: ['image/png'], inline: true, serveAs: 'image/png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  gif: { mimes: ['image/gif'], inline: true, serveAs: 'image/gif', magic: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  webp: { mimes: ['image/webp'], inline: true, serveAs: 'image/webp', magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  pdf: { mimes: ['application/pdf', 'application/x-pdf', ...GENERIC], inline: true, serveAs: 'application/pdf', magic: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  doc: { mimes: ['application/msword', ...GENERIC], inline: false, serveAs: 'application/msword', magic: OLE },
  xls: { mimes: ['application/vnd.ms-excel', ...GENERIC], inline: false, serveAs: 'application/vnd.ms-excel', magic: OLE },
  docx: {
    mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip', 'application/x-zip-compressed', ...GENERIC],
    inline: false,
    serveAs: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: ZIP,
  },
  xlsx: {
    mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip', 'application/x-zip-compressed', ...GENERIC],
    inline: false,
    serveAs: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: ZIP,
  },
  txt: { mimes: ['text/plain', ...GENERIC], inline: true, serveAs: 'text/plain; charset=utf-8', magic: (b) => !b.includes(0) },
  // channel statements (对账单) and other CSV exports; Windows browsers send CSV as vnd.ms-excel
  csv: { mimes: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', ...GENERIC], inline: false, serveAs: 'text/csv; charset=utf-8', magic: (b) => !b.includes(0) },
};

/** DATA_DIR/upload */
export function uploadDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'upload');
}

export function extensionOf(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}

/** Base name reduced to letters (any script), digits, `_`, `-`, `.`; at most 60 characters before the extension. */
export function sanitizeFileName(name: string): string {
  const base = (name.replace(/\\/g, '/').split('/').pop() ?? '').normalize('NFC');
  const ext = extensionOf(base);
  const stem = (ext ? base.slice(0, base.length - ext.length - 1) : base)
    .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+/, '');
  const cut = Array.from(stem).slice(0, 60).join('') || 'file';
  return ext ? `${cut}.${ext}` : cut;
}

function day(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
}

/** Type check of an upload: extension allow-list, declared MIME, leading bytes. */
export function checkFileType(filename: string, mimetype: string, data: Buffer): FileType {
  const t = FILE_TYPES[extensionOf(filename)];
  if (!t || !t.mimes.includes(mimetype.split(';')[0]!.trim().toLowerCase())) throw badRequest(MSG_BAD_TYPE);
  if (t.magic && !t.magic(data)) throw badRequest(`${MSG_BAD_TYPE}：文件内容与扩展名不符`);
  return t;
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext, store: FileStore): void {
  registerMultipartScope(app, (scope) => {
    scope.post(UPLOAD_PATH, async (req) => {
      const form = await readMultipart(req, 'file');
      const q = (req.query ?? {}) as Record<string, unknown>;
      const rawBiz = (typeof q.biz === 'string' && q.biz !== '' ? q.biz : form.fields.biz) || 'common';
      if (!BIZ.test(rawBiz)) throw badRequest('biz 参数不合法：只能包含字母、数字和下划线');
      const file = form.file;
      if (!file) throw badRequest('请选择要上传的文件');
      if (file.data.length === 0) throw badRequest('文件不能为空');
      if (file.data.length > MAX_FILE_BYTES) throw new ApiError(413, MSG_FILE_TOO_LARGE);
      const type = checkFileType(file.filename, file.mimetype, file.data);
      const name = `${randomBytes(8).toString('hex')}_${sanitizeFileName(file.filename)}`;
      const key = `${rawBiz}/${day()}/${name}`;
      await store.put(key, file.data, type.serveAs);
      // 文件管理: the upload is registered with its uploader, size and type
      await registerUpload(ctx, req, { key, fileName: sanitizeFileName(file.filename), fileType: extensionOf(file.filename), fileSize: file.data.length, biz: rawBiz });
      return ok(key, MSG_UPLOADED);
    });
  });
}

function notFoundReply() {
  return { success: false, message: '很抱歉，资源未找到!', code: 404, result: null, timestamp: Date.now() };
}

/** Paths the demo-data generator gives image and file fields (not uploaded files). */
const DEMO_IMAGE = /^demo\/[a-z][A-Za-z0-9]*\/\d{2}\.png$/;
/** A 1×1 light-grey PNG answered for DEMO_IMAGE paths that have no uploaded file. */
const PLACEHOLDER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4//9/PQAJewPLmJq0LwAAAABJRU5ErkJggg==', 'base64');

/** GET /hospital/sys/common/static/* on the ROOT instance (no sign, no token). */
export function registerUploadStatic(app: FastifyInstance, store: FileStore): void {
  const prefix = `${API_ROOT}${STATIC_PATH}/`;
  app.get(`${prefix}*`, { exposeHeadRoute: true }, async (req, reply) => {
    const q = req.url.indexOf('?');
    const raw = (q < 0 ? req.url : req.url.slice(0, q)).slice(prefix.length);
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      return reply.status(404).send(notFoundReply());
    }
    // background exports are downloaded through their owner-checked route only (exports/routes.ts)
    const file = key.startsWith(EXPORT_KEY_PREFIX) ? null : await store.get(key);
    if (!file && DEMO_IMAGE.test(raw)) {
      // seeded demo rows name images demo/<field>/<nn>.png that were never uploaded
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'private, max-age=86400');
      return reply.header('Content-Type', 'image/png').send(PLACEHOLDER_PNG);
    }
    if (!file) return reply.status(404).send(notFoundReply());
    const t = FILE_TYPES[extensionOf(key)];
    const inline = t?.inline === true;
    const name = key.split('/').pop()!;
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, max-age=86400');
    reply.header('Content-Type', inline ? t.serveAs : (t?.serveAs ?? 'application/octet-stream'));
    if (!inline) {
      const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
    if (extensionOf(key) !== 'pdf') reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    reply.header('Content-Length', file.size);
    return reply.send(file.body);
  });
}
