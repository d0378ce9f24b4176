import type { MessageKey } from "~/lib/messages";

/**
 * A failure the client can act on. Services throw it with the HTTP status that names the problem
 * (DESIGN "contract points") and the catalog key of its message; the HTTP layer words it in the
 * language the client asked for. `message` is the English text, for logs.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429,
    readonly key: MessageKey,
    readonly values?: Record<string, string | number>,
  ) {
    super(key);
    this.name = "AppError";
  }
}

export const notFound = (key: MessageKey = "notFound") => new AppError(404, key);
export const badRequest = (key: MessageKey) => new AppError(400, key);

/** PostgreSQL's unique_violation, wherever a driver or drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
