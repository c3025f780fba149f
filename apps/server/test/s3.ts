import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/files/s3-backend.js';

export interface TestS3 {
  settings: S3Settings;
  /** The same settings as the environment variables a server reads. */
  env: Record<string, string>;
  /** The bytes of an object, read straight from the store; undefined if there is none. */
  object(key: string): Promise<Buffer | undefined>;
  /** The keys of every object in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'rondin-pruebas';

/**
 * An S3-compatible server (s3rver, in this process) on a free port, with an empty bucket in a temporary folder:
 * the S3 backend is tested against a real store speaking the S3 protocol, not a mock of the SDK.
 */
export async function startS3(): Promise<TestS3> {
  // As the S3 backend does: no English notice about future SDK releases in the tests' output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    settings,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async object(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async keys() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (answer.Contents ?? []).map((object) => object.Key!);
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
