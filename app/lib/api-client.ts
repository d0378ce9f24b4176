/**
 * The browser's way to the API: same-origin, authenticated by the httpOnly cookie (the token is
 * never kept where a script could read it). Failures become `{ ok: false, error, code }` with the
 * server's message when it sent one (docs/product.md#the-api-in-summary: "errors are read from the response field error") and
 * its stable code, which is what a client decides on (lib/error-codes.ts).
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** `body`: the whole JSON answer, for the few errors that carry more than a message (a sign-in's second step). */
  | { ok: false; status: number; error: string | null; code: string | null; body?: unknown; retryAfter?: number | null };

/** The page's interface language (root sets <html lang>), so the server words its errors in it. */
export function pageLanguage(): string {
  return typeof document === "undefined" ? "en" : document.documentElement.lang || "en";
}

export async function apiRequest<T>(
  path: string,
  options: { method?: string; json?: unknown; form?: FormData; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers, "accept-language": pageLanguage() };
  const init: RequestInit = { method: options.method ?? "GET", signal: options.signal, headers };
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.json);
  } else if (options.form) {
    init.body = options.form;
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    return { ok: false, status: 0, error: null, code: null };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // an empty or non-JSON body: nothing more to say
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const field = (name: string) => (body && typeof body === "object" && name in body ? (body as Record<string, unknown>)[name] : null);
  const [error, code] = [field("error"), field("code")];
  return { ok: false, status: response.status, error: typeof error === "string" ? error : null, code: typeof code === "string" ? code : null, body };
}

/**
 * POSTs a form with its files through XMLHttpRequest rather than fetch: only it reports upload
 * progress (`onProgress` gets 0–1), which a large file over a slow line needs. Answers as
 * apiRequest does, and with `retryAfter` (seconds) when a busy server says when to try again.
 */
export function apiUpload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("accept-language", pageLanguage());
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: a proxy's page, which says nothing the user can act on
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok && body !== null) return resolve({ ok: true, status: xhr.status, data: body as T });
      const field = (name: string) => (body && typeof body === "object" && name in body ? (body as Record<string, unknown>)[name] : null);
      const [error, code] = [field("error"), field("code")];
      const retry = Number(xhr.getResponseHeader("retry-after"));
      resolve({
        ok: false,
        status: xhr.status,
        error: typeof error === "string" ? error : null,
        code: typeof code === "string" ? code : null,
        body,
        retryAfter: xhr.status === 503 && retry > 0 ? retry : null,
      });
    });
    xhr.addEventListener("error", () => resolve({ ok: false, status: 0, error: null, code: null }));
    xhr.send(form);
  });
}
