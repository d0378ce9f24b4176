/**
 * A refusal the operator can act on (a folder that is not empty, a file that does not match its
 * checksum, a server holding the database): the scripts print its message as one line and exit 1.
 */
export class BackupError extends Error {}

/** The line to print for a failed backup or restore: ours as written, anything else on one line. */
export function backupFailureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (error instanceof BackupError ? text : `Failed: ${text}`).replace(/\s*\n\s*/g, " ");
}
