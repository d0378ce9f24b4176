/**
 * Uploads in an S3-compatible bucket, through the official client: every instance writes to and
 * serves from the same place, and readers fetch the files from MEDIA_PUBLIC_URL (a CDN or the
 * bucket's own public address), never through the application.
 */
import type { S3Settings } from "../platform/config";
import { StartupError } from "../platform/startup-error";
import type { MediaStorage } from "./media-storage";
import { UPLOADS_URL_PREFIX, assertSafeMediaName } from "./media-names";

/** Names never change (each is random), so whoever fetches one may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

// The SDK warns on Node 20 that *future* releases will need Node 22. The lockfile pins this one,
// which supports Node 20; the warning would only break the server's one-line start-up messages.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

export function s3Storage(settings: S3Settings): MediaStorage {
  // Loaded when the bucket is first used, not at every start of a site that keeps its files on disk
  // (docs/decisions.md#2026-11-29-start-up-loads-what-it-uses-issue-37).
  const sdk = import("@aws-sdk/client-s3");
  const connected = sdk.then(({ S3Client }) => new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible servers (MinIO, Garage, a test's own) answer at endpoint/bucket/key.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
    // Uploads are whole buffers: checksums only where the service demands them, which every
    // S3-compatible server understands.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  }));
  // The SDK's commands and the client, once both are there.
  const s3 = Promise.all([sdk, connected]);
  const Bucket = settings.bucket;
  const where = `bucket "${Bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;

  return {
    async save(name, data, contentType) {
      assertSafeMediaName(name);
      const [{ PutObjectCommand }, client] = await s3;
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: contentType, CacheControl: IMMUTABLE }));
      return UPLOADS_URL_PREFIX + name;
    },
    async remove(name) {
      assertSafeMediaName(name);
      const [{ DeleteObjectCommand }, client] = await s3;
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async *list() {
      const [{ ListObjectsV2Command }, client] = await s3;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async read(name) {
      assertSafeMediaName(name);
      const [{ GetObjectCommand, NoSuchKey }, client] = await s3;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async check() {
      const [{ HeadBucketCommand }, client] = await s3;
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) throw new StartupError(`MEDIA_STORAGE=s3: the ${where} does not exist. Create it, or set S3_BUCKET to one that does.`);
        if (status === 403 || status === 401) throw new StartupError(`MEDIA_STORAGE=s3: the ${where} refused these credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).`);
        const reason = error instanceof Error ? error.message : String(error);
        throw new StartupError(`MEDIA_STORAGE=s3: could not reach the ${where}: ${reason}`);
      }
    },
  };
}
