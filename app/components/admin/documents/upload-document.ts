/**
 * POST /api/documents through XMLHttpRequest rather than fetch: only it reports upload progress,
 * which a 50 MB file over a slow line needs (as the article form's media uploads do).
 */
import type { DocumentDetailJson } from "~/lib/api-types";
import { pageLanguage } from "~/lib/api-client";
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

function refusal(xhr: XMLHttpRequest): DocumentUploadResult {
  let error: string | null = null;
  let code: string | null = null;
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown; code?: unknown };
    error = typeof body.error === "string" ? body.error : null;
    code = typeof body.code === "string" ? body.code : null;
  } catch {
    // not JSON: a proxy's page; the form says the upload failed
  }
  const retry = Number(xhr.getResponseHeader("retry-after"));
  return { ok: false, field: (code ? FIELD_OF[code] : undefined) ?? "form", error, retryAfter: xhr.status === 503 && retry > 0 ? retry : null };
}

/** Sends the form's `body`; `onProgress` gets 0–1 as the file goes up. */
export function uploadDocument(body: FormData, onProgress: (fraction: number) => void): Promise<DocumentUploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/documents");
    xhr.setRequestHeader("accept-language", pageLanguage());
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status === 201) {
        try {
          resolve({ ok: true, document: (JSON.parse(xhr.responseText) as { document: DocumentDetailJson }).document });
          return;
        } catch {
          // fall through to the refusal below
        }
      }
      resolve(refusal(xhr));
    });
    xhr.addEventListener("error", () => resolve({ ok: false, field: "form", error: null, retryAfter: null }));
    xhr.send(body);
  });
}
