// A throwaway S3-compatible server (s3rver) on loopback, for the tests of MEDIA_STORAGE=s3: files
// in a temporary folder, one bucket made at start, objects readable by anyone as a public bucket's.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3(bucket = "media") {
  const directory = mkdtempSync(path.join(os.tmpdir(), "khulasa-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    publicUrl: `${endpoint}/${bucket}`,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      MEDIA_PUBLIC_URL: `${endpoint}/${bucket}`,
    },
    settings: { endpoint, bucket, region: "us-east-1", credentials: CREDENTIALS },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
