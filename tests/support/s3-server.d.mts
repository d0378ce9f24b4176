import type { S3Settings } from "../../app/server/platform/config";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Where the bucket's objects are read without credentials, as MEDIA_PUBLIC_URL. */
  publicUrl: string;
  /** The server's environment for MEDIA_STORAGE=s3 on this bucket. */
  env: Record<string, string>;
  settings: S3Settings & { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } };
  stop(): Promise<void>;
}

export function startS3(bucket?: string): Promise<TestS3>;
