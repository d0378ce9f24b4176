import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("EDITION_MODE", () => {
  it("defaults to fallback: an edition shows a story it lacks in the other language", () => {
    expect(readConfig({}).editionMode).toBe("fallback");
    expect(readConfig({ EDITION_MODE: "" }).editionMode).toBe("fallback");
  });

  it("takes own-language, and refuses anything else by name at start-up", () => {
    expect(readConfig({ EDITION_MODE: "own-language" }).editionMode).toBe("own-language");
    expect(() => readConfig({ EDITION_MODE: "nepali" })).toThrow('EDITION_MODE must be "own-language" or "fallback", not "nepali"');
  });
});

describe("MEDIA_STORAGE", () => {
  const s3 = { MEDIA_STORAGE: "s3", S3_BUCKET: "media", MEDIA_PUBLIC_URL: "https://cdn.example/media/" };

  it("keeps uploads in the local folder, served by the site itself, unless told otherwise", () => {
    expect(readConfig({})).toMatchObject({ mediaStorage: undefined, mediaPublicUrl: "/uploads" });
    expect(readConfig({ MEDIA_STORAGE: "local", MEDIA_PUBLIC_URL: "https://ignored.example" }).mediaPublicUrl).toBe("/uploads");
  });

  it("takes a bucket, its public address without the trailing slash, and the SDK's own credentials when none are given", () => {
    expect(readConfig(s3)).toMatchObject({
      mediaStorage: { bucket: "media", region: "us-east-1", endpoint: undefined, credentials: undefined },
      mediaPublicUrl: "https://cdn.example/media",
    });
    const minio = readConfig({ ...s3, S3_ENDPOINT: "http://minio:9000", S3_REGION: "eu-1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" });
    expect(minio.mediaStorage).toEqual({ endpoint: "http://minio:9000", bucket: "media", region: "eu-1", credentials: { accessKeyId: "k", secretAccessKey: "s" } });
  });

  it("names what is missing or wrong, at start-up", () => {
    expect(() => readConfig({ MEDIA_STORAGE: "s3" })).toThrow("MEDIA_STORAGE=s3 needs S3_BUCKET and MEDIA_PUBLIC_URL");
    expect(() => readConfig({ MEDIA_STORAGE: "disk" })).toThrow('MEDIA_STORAGE must be "local" or "s3", not "disk"');
    expect(() => readConfig({ ...s3, MEDIA_PUBLIC_URL: "cdn.example" })).toThrow('MEDIA_PUBLIC_URL must be an http(s) address, not "cdn.example"');
    expect(() => readConfig({ ...s3, S3_ACCESS_KEY_ID: "k" })).toThrow("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  });
});

describe("REQUIRE_SECOND_FACTOR", () => {
  it("defaults to editor: editors and admins must have a second factor", () => {
    expect(readConfig({}).requireSecondFactor).toBe("editor");
    expect(readConfig({ REQUIRE_SECOND_FACTOR: "" }).requireSecondFactor).toBe("editor");
  });

  it("takes a role or none, and refuses anything else by name at start-up", () => {
    for (const value of ["contributor", "author", "editor", "admin", "none"]) expect(readConfig({ REQUIRE_SECOND_FACTOR: value }).requireSecondFactor).toBe(value);
    expect(() => readConfig({ REQUIRE_SECOND_FACTOR: "user" })).toThrow('REQUIRE_SECOND_FACTOR must be one of contributor, author, editor, admin, none, not "user"');
    expect(() => readConfig({ REQUIRE_SECOND_FACTOR: "Editor" })).toThrow("REQUIRE_SECOND_FACTOR must be one of");
  });
});
