/**
 * Where uploaded files live. The local disk (DATA_DIR/upload) by default; S3-compatible object
 * storage when S3_BUCKET is configured, so that every instance behind a load balancer serves
 * the files any of them received. Keys are the upload's relative path `<biz>/<yyyyMMdd>/<name>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';

export interface StoredFile {
  body: Readable;
  size: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes a new file; never overwrites one (keys carry a random part). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file under this key, or null when there is none (or the key is not a plain upload key). */
  get(key: string): Promise<StoredFile | null>;
  /** Stores a file written on the local disk (large generated files: streamed, not read into memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Removes the file under this key; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

/** A key is `seg/seg/...`: no empty, dot-leading, backslash, colon or NUL segments, at most 512 characters. */
export function isUploadKey(key: string): boolean {
  if (key === '' || key.length > 512 || /[\0\\:]/.test(key)) return false;
  return key.split('/').every((s) => s !== '' && !s.startsWith('.'));
}

export function localStore(uploadDir: string): FileStore {
  const root = path.resolve(uploadDir);
  return {
    kind: 'local',
    async put(key, data) {
      if (!isUploadKey(key)) throw new Error(`bad upload key ${key}`);
      const full = path.join(root, ...key.split('/'));
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, data, { flag: 'wx' });
    },
    async putFile(key, filePath) {
      if (!isUploadKey(key)) throw new Error(`bad upload key ${key}`);
      const full = path.join(root, ...key.split('/'));
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.copyFile(filePath, full, fs.constants.COPYFILE_EXCL);
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      const full = path.resolve(root, ...key.split('/'));
      if (!full.startsWith(root + path.sep)) return null;
      try {
        // symlinks pointing out of the upload directory are not followed
        const [real, realRoot] = await Promise.all([fs.promises.realpath(full), fs.promises.realpath(root)]);
        if (!real.startsWith(realRoot + path.sep)) return null;
        const st = await fs.promises.stat(real);
        return st.isFile() ? { body: fs.createReadStream(real), size: st.size } : null;
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (!isUploadKey(key)) return;
      const full = path.resolve(root, ...key.split('/'));
      if (!full.startsWith(root + path.sep)) return;
      await fs.promises.rm(full, { force: true });
    },
  };
}

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `upload/`. */
  prefix: string;
}

export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : !!env.S3_ENDPOINT,
    prefix: env.S3_PREFIX ?? 'upload/',
  };
}

// the AWS SDK is loaded only when object storage is configured (a tenth of a second of CPU per start otherwise)
const requireLazily = createRequire(import.meta.url);

export function s3Store(cfg: S3Config): FileStore {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = requireLazily('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    credentials: cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    // streamed bodies (putFile) go as plain PUTs: S3-compatible stores do not all read aws-chunked trailers
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return {
    kind: 's3',
    async put(key, data, contentType) {
      if (!isUploadKey(key)) throw new Error(`bad upload key ${key}`);
      await client.send(new PutObjectCommand({ Bucket: cfg.bucket, Key: cfg.prefix + key, Body: data, ContentType: contentType }));
    },
    async putFile(key, filePath, contentType) {
      if (!isUploadKey(key)) throw new Error(`bad upload key ${key}`);
      const size = (await fs.promises.stat(filePath)).size;
      await client.send(new PutObjectCommand({ Bucket: cfg.bucket, Key: cfg.prefix + key, Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }));
    },
    async remove(key) {
      if (!isUploadKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: cfg.bucket, Key: cfg.prefix + key }));
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: cfg.bucket, Key: cfg.prefix + key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
  };
}

export function createFileStore(uploadDir: string, s3: S3Config | null = s3ConfigFromEnv()): FileStore {
  return s3 ? s3Store(s3) : localStore(uploadDir);
}
