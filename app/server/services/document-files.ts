/**
 * An evidence document's files, kept in the database in parts (docs/decisions.md, "Evidence
 * documents' files stay in the database until published"): never under /uploads nor in the public
 * bucket, since an unprepared original may name a source; readable by every instance, so any of
 * them can run a document's job; written in the same transaction as the row that names them.
 */
import { webcrypto } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DocumentFile } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { documentFileParts } from "../db/schema";

/** A part of a file: small enough that no single value or message is a whole 50 MB file. */
const DOCUMENT_PART_BYTES = 1024 * 1024;

/**
 * A file's SHA-256, in hex. WebCrypto hashes on the thread pool: hashing a 22 MB file in place
 * held the thread that answers readers for 50 ms, longer on a loaded machine.
 */
export async function sha256Of(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)).toString("hex");
}

/** Stores `bytes` as the document's `file`, replacing what was stored as it before. */
export async function storeDocumentFile(tx: Executor, documentId: number, file: DocumentFile, bytes: Uint8Array): Promise<void> {
  await tx.delete(documentFileParts).where(and(eq(documentFileParts.documentId, documentId), eq(documentFileParts.file, file)));
  for (let part = 0; part * DOCUMENT_PART_BYTES < bytes.byteLength; part++) {
    const data = bytes.subarray(part * DOCUMENT_PART_BYTES, (part + 1) * DOCUMENT_PART_BYTES);
    await tx.insert(documentFileParts).values({ documentId, file, part, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
  }
}

/**
 * The document's `file` in one buffer of its own (which the worker may take), or null if none is
 * stored. Read a part at a time: the driver decodes each value whole on the thread that answers
 * readers (PGlite runs there too), and a 20 MB file in one answer blocked it for 200 ms.
 */
export async function readDocumentFile(db: Executor, documentId: number, file: DocumentFile): Promise<Uint8Array | null> {
  const ofFile = and(eq(documentFileParts.documentId, documentId), eq(documentFileParts.file, file));
  const parts = await db
    .select({ part: documentFileParts.part, size: sql<number>`octet_length(${documentFileParts.data})`.mapWith(Number) })
    .from(documentFileParts)
    .where(ofFile)
    .orderBy(asc(documentFileParts.part));
  if (parts.length === 0) return null;
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.size, 0));
  let offset = 0;
  for (const { part, size } of parts) {
    const [row] = await db.select({ data: documentFileParts.data }).from(documentFileParts).where(and(ofFile, eq(documentFileParts.part, part)));
    if (!row || row.data.byteLength !== size) throw new Error(`document ${documentId}: ${file} part ${part} changed while it was read`);
    bytes.set(row.data, offset);
    offset += size;
  }
  return bytes;
}
