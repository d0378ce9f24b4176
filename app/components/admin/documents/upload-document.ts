/** POST /api/documents with its progress, and which field of the form a refusal belongs next to. */
import type { DocumentDetailJson } from "~/lib/api-types";
import { apiUpload } from "~/lib/api-client";
import { errorCode } from "~/lib/error-codes";
import type { MessageKey } from "~/lib/messages";

/** Which field a refusal belongs next to: the one the user has to change. */
export type UploadField = "file" | "title" | "tags" | "form";

export type DocumentUploadResult =
  | { ok: true; document: DocumentDetailJson }
  /** `error` null: nothing said by the server (no connection); `retryAfter` in seconds, for a busy server. */
  | { ok: false; field: UploadField; error: string | null; retryAfter: number | null };

const FIELD_OF: Partial<Record<string, UploadField>> = Object.fromEntries(
  (
    [
      ["documentNotPdf", "file"],
      ["documentTooLarge", "file"],
      ["requestTooLarge", "file"],
      ["noFile", "file"],
      ["documentTitleRequired", "title"],
      ["unknownTags", "tags"],
    ] as const satisfies readonly (readonly [MessageKey, UploadField])[]
  ).map(([key, field]) => [errorCode(key), field]),
);

/** Sends the form's `body`; `onProgress` gets 0–1 as the file goes up. */
export async function uploadDocument(body: FormData, onProgress: (fraction: number) => void): Promise<DocumentUploadResult> {
  const result = await apiUpload<{ document: DocumentDetailJson }>("/api/documents", body, onProgress);
  if (result.ok) return { ok: true, document: result.data.document };
  return { ok: false, field: (result.code ? FIELD_OF[result.code] : undefined) ?? "form", error: result.error, retryAfter: result.retryAfter ?? null };
}
