import type { Database } from "../db/connection";
import { database } from "../process/runtime";
import { logError } from "~/server/platform/log";

/**
 * What a back-office page shows, or null when it cannot be read: the page then says SPEC 8's
 * 'Failed to fetch …' inside the admin frame instead of falling to an error page.
 */
export async function readOrNull<T>(read: (db: Database) => Promise<T>): Promise<T | null> {
  try {
    return await read(await database());
  } catch (error) {
    logError("A back-office read failed", error);
    return null;
  }
}
