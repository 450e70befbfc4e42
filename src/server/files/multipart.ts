/**
 * Multipart for the few routes that take a file (upload, Excel import). @fastify/multipart is
 * registered only in an encapsulated child of the /hospital scope holding those routes, so
 * every other route still refuses multipart (415). The child inherits the protocol hooks:
 * with attachFieldsToBody off the body stays undefined, so X-Sign covers the path and the
 * query parameters only (docs/protocol.md: uploads pass plain) and is checked, with the
 * token and permission, before the handler reads a single byte of the file.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.js';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MSG_FILE_TOO_LARGE = '文件大小不能超过10MB';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  file: UploadedFile | null;
  fields: Record<string, string>;
}

/** Creates the multipart child scope; `routes` registers the routes that read files. */
export function registerMultipartScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });
    routes(scope);
  });
}

function mapError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const code = (e as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, MSG_FILE_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return badRequest('一次只能上传一个文件');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('表单字段过多');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('请使用 multipart/form-data 上传文件');
  return badRequest('上传的文件不完整或格式不正确');
}

/** Reads the form: the one file of field `fileField` (<= 10 MB, in memory) and the text fields. */
export async function readMultipart(req: FastifyRequest, fileField = 'file'): Promise<MultipartForm> {
  if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  const form: MultipartForm = { file: null, fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== fileField) continue;
        form.file = { filename: part.filename ?? '', mimetype: (part.mimetype ?? '').toLowerCase(), data };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    throw mapError(e);
  }
  return form;
}
