import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type Config, ConfigError } from '../config.js';
import type { FileBackend } from './file-storage.js';
import type { FileRow } from './files.repository.js';

/** Every object Rondín writes is under this prefix, so a bucket can be shared and the orphan sweep lists only ours. */
const OBJECT_PREFIX = 'files/';
const DELETE_CONCURRENCY = 8;

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The S3 settings of the configuration; undefined when files stay in the database (no S3_BUCKET). */
export function s3Settings(config: Config): S3Settings | undefined {
  if (config.S3_BUCKET === undefined) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * File contents in an S3-compatible store (S3_BUCKET): for installations whose files outgrow the database. The
 * object is written from the upload's temporary file (already checked: size, type, SHA-256) while the
 * transaction that records it is open, and read back as a stream. An object is deleted only after the
 * transaction that let its file go has committed (object-deletions.ts).
 */
export class S3Backend implements FileBackend {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    // On Node 20 the SDK prints an English notice, to every log and script, that its releases from 2027 on need
    // Node 22: docs/deploy.md says so once, and package-lock.json keeps the SDK at a release that runs on 20.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      // A region is part of every signature; self-hosted stores take any, and most answer to us-east-1.
      region: settings.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 demands them: several S3-compatible stores refuse the SDK's newer streaming
      // checksum trailers. Rondín keeps each file's SHA-256 itself (its ETag), and files:migrate checks every
      // copy against it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  newKey(): string {
    return `${OBJECT_PREFIX}${randomUUID()}`;
  }

  async write(file: FileRow, source: { path: string }): Promise<void> {
    await this.put(file, fs.createReadStream(source.path));
  }

  /** Streams `body` (exactly `file.size` bytes) into the file's object. */
  async put(file: FileRow, body: Readable): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey(file),
        Body: body,
        ContentLength: file.size,
        ContentType: file.mediaType,
      }),
    );
  }

  /**
   * The object's bytes as the reader asks for them. An object shorter than its file (cut off, or replaced
   * behind Rondín's back) ends the stream with an error rather than as a shorter file.
   */
  read(file: FileRow): Readable {
    const { client, bucket } = this;
    return Readable.from(
      (async function* () {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(file) }));
        let sent = 0;
        for await (const piece of answer.Body as Readable) {
          sent += (piece as Buffer).length;
          yield piece as Buffer;
        }
        if (sent !== file.size) throw new Error(`file ${file.id} ended after ${sent} of its ${file.size} bytes`);
      })(),
      { objectMode: false },
    );
  }

  /**
   * Deletes objects, a few at a time; deleting one that is already gone succeeds. One DeleteObject each rather
   * than a DeleteObjects batch: the SDK now signs batches with a CRC32 checksum, and several S3-compatible
   * stores refuse a batch without Content-MD5. Deletions are few (a deleted photo or plan), so the requests are too.
   */
  async delete(keys: readonly string[]): Promise<void> {
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }

  /** Rondín's objects, a page of at most 1,000 at a time. */
  async *list(): AsyncGenerator<StoredObject[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: OBJECT_PREFIX, ContinuationToken: token }),
      );
      yield (page.Contents ?? []).map((object) => ({
        key: object.Key!,
        size: object.Size ?? 0,
        lastModified: object.LastModified ?? new Date(0),
      }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Fails, in Spanish, unless the bucket can be reached with these settings: checked once at start-up. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const where = this.settings.endpoint ?? 'Amazon S3';
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason =
        status === 404
          ? 'el bucket no existe'
          : status === 403 || status === 401
            ? 'las credenciales no dan acceso a él'
            : status === undefined
              ? `no responde (${(error as Error).message || (error as Error).name})`
              : `respondió ${status} (${(error as Error).name}); revisa S3_REGION y S3_FORCE_PATH_STYLE`;
      throw new ConfigError(`No se pudo abrir el bucket S3 «${this.bucket}» en ${where}: ${reason}.`);
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

function objectKey(file: FileRow): string {
  if (file.storageKey === null) throw new Error(`file ${file.id} has no S3 object`);
  return file.storageKey;
}
