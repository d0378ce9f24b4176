/**
 * The browser's way to the API: same-origin, authenticated by the httpOnly cookie (the token is
 * never kept where a script could read it). Failures become `{ ok: false, error }` with the
 * server's message when it sent one (SPEC 7: "errors are read from the response field error").
 */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string | null };

/** The page's interface language (root sets <html lang>), so the server words its errors in it. */
export function pageLanguage(): string {
  return typeof document === "undefined" ? "en" : document.documentElement.lang || "en";
}

export async function apiRequest<T>(
  path: string,
  options: { method?: string; json?: unknown; form?: FormData; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { "accept-language": pageLanguage() };
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
    return { ok: false, status: 0, error: null };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // an empty or non-JSON body: nothing more to say
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const error = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
  return { ok: false, status: response.status, error };
}
