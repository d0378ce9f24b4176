/**
 * Secrets every instance of one site must agree on, made once by whichever instance starts first
 * and kept in the database (a concurrent start keeps the first one written).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { appSecrets } from "../db/schema";

export async function sharedSecret(db: Executor, name: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} was not stored`);
  return row.value;
}
