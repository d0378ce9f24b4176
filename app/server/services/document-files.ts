/**
 * An evidence document's files, kept in the database in parts (docs/decisions.md, "Evidence
 * documents' files stay in the database until published"): never under /uploads nor in the public
 * bucket, since an unprepared original may name a source; readable by every instance, so any of
 * them can run a document's job; written in the same transaction as the row that names them.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DocumentFile, StoredDocumentFile } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { documentFileParts } from "../db/schema";
import { yieldToRequests } from "../platform/yield-to-requests";

/** A part of a file: small enough that no single value or message is a whole 50 MB file. */
const DOCUMENT_PART_BYTES = 1024 * 1024;

/** What `sha256Of` hashes between two turns of the event loop: about a millisecond of a core. */
const HASH_SLICE_BYTES = 1024 * 1024;

/**
 * A file's SHA-256, in hex, a slice at a time with the event loop let go between slices, in place.
 * Hashing a 22 MB file in one call held the thread that answers readers for 50 ms; WebCrypto's
 * digest, which hashes on the thread pool, first copies the whole file on the calling thread, and
 * under load that copy and its page faults held it 75–100 ms (perf, issue 38).
 */
export async function sha256Of(bytes: Uint8Array): Promise<string> {
  const hash = createHash("sha256");
  for (let at = 0; at < bytes.byteLength; at += HASH_SLICE_BYTES) {
    if (at > 0) await yieldToRequests();
    hash.update(bytes.subarray(at, at + HASH_SLICE_BYTES));
  }
  return hash.digest("hex");
}

/** The stored parts of one of a document's files. */
const partsOf = (documentId: number, file: StoredDocumentFile) => and(eq(documentFileParts.documentId, documentId), eq(documentFileParts.file, file));

/** Stores `bytes` as the document's `file`, replacing what was stored as it before. */
export async function storeDocumentFile(tx: Executor, documentId: number, file: StoredDocumentFile, bytes: Uint8Array): Promise<void> {
  await tx.delete(documentFileParts).where(partsOf(documentId, file));
  for (let part = 0; part * DOCUMENT_PART_BYTES < bytes.byteLength; part++) {
    const data = bytes.subarray(part * DOCUMENT_PART_BYTES, (part + 1) * DOCUMENT_PART_BYTES);
    await tx.insert(documentFileParts).values({ documentId, file, part, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
  }
}

/**
 * The document's staged copy becomes its prepared file, replacing the one before; to be called in
 * the transaction that records the copy's examination, so that the file and its row change together.
 */
export async function promoteStagedFile(tx: Executor, documentId: number): Promise<void> {
  await tx.delete(documentFileParts).where(partsOf(documentId, "prepared"));
  await tx.update(documentFileParts).set({ file: "prepared" }).where(partsOf(documentId, "staged"));
}

/** Drops the staged copy of a preparation that failed: nothing will promote it. */
export async function discardStagedFile(db: Executor, documentId: number): Promise<void> {
  await db.delete(documentFileParts).where(partsOf(documentId, "staged"));
}

/**
 * What one query reads of a part: the driver gets a value as hex text and decodes it whole on the
 * thread that answers readers, about 20 ms for a 1 MB part under load (perf, issue 38); a quarter
 * of a part keeps each of those stalls near 5 ms.
 */
const READ_SLICE_BYTES = 256 * 1024;

/**
 * The document's `file` in one buffer of its own (which the worker may take), or null if none is
 * stored. Read a slice of a part at a time: the driver decodes each value whole on the thread that
 * answers readers, and a 20 MB file in one answer blocked it for 200 ms.
 */
export async function readDocumentFile(db: Executor, documentId: number, file: DocumentFile): Promise<Uint8Array | null> {
  const ofFile = partsOf(documentId, file);
  const parts = await db
    .select({ part: documentFileParts.part, size: sql<number>`octet_length(${documentFileParts.data})`.mapWith(Number) })
    .from(documentFileParts)
    .where(ofFile)
    .orderBy(asc(documentFileParts.part));
  if (parts.length === 0) return null;
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.size, 0));
  let offset = 0;
  for (const { part, size } of parts) {
    for (let from = 0; from < size; from += READ_SLICE_BYTES) {
      const length = Math.min(READ_SLICE_BYTES, size - from);
      const [row] = await db
        .select({ data: sql<Buffer>`substring(${documentFileParts.data} from ${from + 1} for ${length})` })
        .from(documentFileParts)
        .where(and(ofFile, eq(documentFileParts.part, part), eq(sql`octet_length(${documentFileParts.data})`, size)));
      if (!row || row.data.byteLength !== length) throw new Error(`document ${documentId}: ${file} part ${part} changed while it was read`);
      bytes.set(row.data, offset);
      offset += length;
    }
  }
  return bytes;
}
