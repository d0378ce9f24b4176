/**
 * An evidence document's files, kept in the database in parts (docs/decisions.md, "Evidence
 * documents' files stay in the database until published"): never under /uploads nor in the public
 * bucket, since an unprepared original may name a source; readable by every instance, so any of
 * them can run a document's job; written in the same transaction as the row that names them.
 */
import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { DocumentFile } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { documentFileParts } from "../db/schema";

/** A part of a file: small enough that no single value or message is a whole 50 MB file. */
const DOCUMENT_PART_BYTES = 1024 * 1024;

export const sha256Of = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Stores `bytes` as the document's `file`, replacing what was stored as it before. */
export async function storeDocumentFile(tx: Executor, documentId: number, file: DocumentFile, bytes: Uint8Array): Promise<void> {
  await tx.delete(documentFileParts).where(and(eq(documentFileParts.documentId, documentId), eq(documentFileParts.file, file)));
  for (let part = 0; part * DOCUMENT_PART_BYTES < bytes.byteLength; part++) {
    const data = bytes.subarray(part * DOCUMENT_PART_BYTES, (part + 1) * DOCUMENT_PART_BYTES);
    await tx.insert(documentFileParts).values({ documentId, file, part, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
  }
}

/** The document's `file` in one buffer of its own (which the worker may take), or null if none is stored. */
export async function readDocumentFile(db: Executor, documentId: number, file: DocumentFile): Promise<Uint8Array | null> {
  const parts = await db
    .select({ data: documentFileParts.data })
    .from(documentFileParts)
    .where(and(eq(documentFileParts.documentId, documentId), eq(documentFileParts.file, file)))
    .orderBy(asc(documentFileParts.part));
  if (parts.length === 0) return null;
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.data.byteLength, 0));
  let offset = 0;
  for (const { data } of parts) {
    bytes.set(data, offset);
    offset += data.byteLength;
  }
  return bytes;
}
