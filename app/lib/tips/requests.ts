/**
 * What the tip line's two browser sides (the source's page, the newsroom's inbox) share about
 * talking to the server: a failure carries the server's sentence in the page's language, or null
 * when the network failed (the caller words that).
 */
import type { ApiResult } from "~/lib/api-client";
import { pageLanguage } from "~/lib/api-client";

export class TipFailure extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? "failed");
  }
}

export function unwrapTip<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new TipFailure(result.error);
  return result.data;
}

/** A request whose body or answer is raw bytes (attachments), which apiRequest does not carry. */
export async function bytesRequest(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { ...init.headers, "accept-language": pageLanguage() } });
  } catch {
    throw new TipFailure(null);
  }
  if (!response.ok) throw new TipFailure(((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? null);
  return response;
}

/** The sentence to show for a failure: the server's own, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof TipFailure && error.serverMessage ? error.serverMessage : fallback;
}
