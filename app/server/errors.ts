import { messages } from "~/lib/messages";

/**
 * A failure the client can act on. Services throw it with the HTTP status that names the problem
 * (DESIGN "contract points") and a message from the catalog.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string = messages.notFound) => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);

/** PostgreSQL's unique_violation, wherever a driver or drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
