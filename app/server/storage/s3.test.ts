import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestS3, startS3 } from "../../../tests/support/s3-server.mjs";
import { s3Storage } from "./s3";
import { StartupError } from "../platform/startup-error";

describe("the S3 media store", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("saves, lists, reads and removes uploads, which readers fetch from the bucket's public address", async () => {
    const store = s3Storage(s3.settings);
    await store.check();
    const bytes = new Uint8Array([0xff, 0xd8, 1, 2, 3, 4]);
    expect(await store.save("abc.jpg", bytes, "image/jpeg")).toBe("/uploads/abc.jpg");
    await store.save("abc-480w.jpg", bytes.slice(0, 3), "image/jpeg");

    const names = [];
    for await (const name of store.list()) names.push(name);
    expect(names.sort()).toEqual(["abc-480w.jpg", "abc.jpg"]);
    expect(await store.read("abc.jpg")).toEqual(bytes);
    expect(await store.read("never.jpg")).toBeNull();

    const fetched = await fetch(`${s3.publicUrl}/abc.jpg`);
    expect(fetched.headers.get("content-type")).toBe("image/jpeg");
    expect(fetched.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(bytes);

    await store.remove("abc.jpg");
    await store.remove("abc-480w.jpg");
    await store.remove("never.jpg");
    expect(await store.read("abc.jpg")).toBeNull();
    expect((await fetch(`${s3.publicUrl}/abc.jpg`)).status).toBe(404);
  });

  it("refuses a name it did not make", async () => {
    const store = s3Storage(s3.settings);
    await expect(store.save("../escape.jpg", new Uint8Array([1]), "image/jpeg")).rejects.toThrow("unsafe media name");
    await expect(store.read("a/b.jpg")).rejects.toThrow("unsafe media name");
  });

  it("says in one line that a bucket does not exist, or cannot be reached", async () => {
    const missing = s3Storage({ ...s3.settings, bucket: "no-such-bucket" });
    const error = await missing.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(`MEDIA_STORAGE=s3: the bucket "no-such-bucket" at ${s3.endpoint} does not exist. Create it, or set S3_BUCKET to one that does.`);

    const unreachable = s3Storage({ ...s3.settings, endpoint: "http://127.0.0.1:9" });
    await expect(unreachable.check()).rejects.toThrow(/^MEDIA_STORAGE=s3: could not reach the bucket "media" at http:\/\/127\.0\.0\.1:9: /);
  });
});
