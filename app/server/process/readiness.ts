/**
 * Whether this instance can serve (issue 16's `GET /api/ready`, for load balancers and
 * orchestrators): its database answers within a short time and has every migration this build
 * expects. Liveness (`/api/health`) only says the process is up.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { sourcePath } from "../platform/source-path";

export type Readiness = { ready: true } | { ready: false; reason: "database_unreachable" | "migrations_pending" };

const READY_TIMEOUT_MS = 2_000;

/** How many migrations this build ships (drizzle's journal). */
const expectedMigrations = (): number =>
  (JSON.parse(readFileSync(sourcePath("app/server/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

export async function readiness(db: Executor, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    // The pg driver's result: rows of the statement.
    const applied = db
      .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      .then((result) => Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0));
    const answer = await Promise.race([applied, timeout]);
    if (answer === "timeout") return { ready: false, reason: "database_unreachable" };
    return answer < expectedMigrations() ? { ready: false, reason: "migrations_pending" } : { ready: true };
  } catch {
    return { ready: false, reason: "database_unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
