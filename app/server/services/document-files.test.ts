import { webcrypto } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { documentFileParts, documents, users } from "../db/schema";
import { readDocumentFile, sha256Of, storeDocumentFile } from "./document-files";

const digest = async (bytes: Uint8Array) => Buffer.from(await webcrypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)).toString("hex");

describe("sha256Of", () => {
  it("hashes a file of several slices, one ending mid-slice, as the whole file", async () => {
    const bytes = new Uint8Array(2.5 * 1024 * 1024 + 7).map((_, index) => (index * 31 + (index >> 11)) & 0xff);
    expect(await sha256Of(bytes)).toBe(await digest(bytes));
  });

  it("hashes a view into a larger buffer as the view alone, and an empty file", async () => {
    const larger = new Uint8Array(3 * 1024 * 1024).fill(7);
    larger.fill(9, 1000, 1_500_000);
    const view = larger.subarray(1000, 1_500_000);
    expect(await sha256Of(view)).toBe(await digest(view.slice()));
    expect(await sha256Of(new Uint8Array(0))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});

describe("a document's file in the database", () => {
  let handle: DatabaseHandle;
  let documentId: number;

  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
    const [user] = await handle.db.insert(users).values({ name: "editor", email: "editor@example.com", passwordHash: "x", role: "editor" }).returning();
    const [document] = await handle.db
      .insert(documents)
      .values({ slug: "ledger", titles: { en: "Ledger" }, status: "clean", originalName: "ledger.pdf", originalSha256: "0".repeat(64), originalSize: 1, createdBy: user!.id })
      .returning();
    documentId = document!.id;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("reads back byte for byte across parts and the slices each part is read in, and null when none is stored", async () => {
    const bytes = new Uint8Array(2 * 1024 * 1024 + 300_001).map((_, index) => (index * 131 + (index >> 9)) & 0xff);
    await storeDocumentFile(handle.db, documentId, "original", bytes);
    expect((await handle.db.select({ part: documentFileParts.part }).from(documentFileParts).where(eq(documentFileParts.documentId, documentId))).length).toBe(3);
    const read = await readDocumentFile(handle.db, documentId, "original");
    expect(read?.byteLength).toBe(bytes.byteLength);
    expect(Buffer.from(read!).equals(Buffer.from(bytes))).toBe(true);
    expect(await readDocumentFile(handle.db, documentId, "prepared")).toBeNull();
  });
});
