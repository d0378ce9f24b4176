/**
 * Configuration that cannot work stops the server at start with one line that says what is wrong
 * and what to do (issue 16), instead of a stack trace, or a server that runs and fails later.
 */
export class StartupError extends Error {}

/** The line to print for a failed start: ours as written, anything else with its message only. */
export function startupMessage(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  return `Cannot start: ${error instanceof Error ? error.message : String(error)}`.replace(/\s*\n\s*/g, " ");
}

/** Where a database URL points, without its password: 'db.example:5432/khulasa'. */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "(a DATABASE_URL that is not a URL)";
  }
}

/** Why the database could not be reached, in one line. */
export function databaseUnreachable(url: string, error: unknown): StartupError {
  const code = (error as { code?: string }).code;
  const reason =
    code === "ECONNREFUSED" ? "nothing answers there"
    : code === "ENOTFOUND" ? "no such host"
    : code === "ETIMEDOUT" || /timeout/i.test(String((error as Error).message)) ? "it did not answer in time"
    : code === "28P01" ? "the password was refused"
    : code === "3D000" ? "no such database"
    : String((error as Error).message ?? error).split("\n")[0];
  return new StartupError(`Cannot reach the database at ${databaseAddress(url)} (DATABASE_URL): ${reason}.`);
}
