/** First start: make sure an admin exists, and fill an empty embedded database with the demo. */
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { and, count, eq, ne, or, sql } from "drizzle-orm";
import type { AppConfig } from "../platform/config";
import type { DatabaseHandle, Executor } from "../db/connection";
import { articles, categories, users } from "../db/schema";
import { seedDemoContent } from "../demo/seed";
import { derivedFromContent } from "../services/article-writes";
import { createUser } from "../services/users";
import { mediaStorage } from "../storage/index";
import { log } from "../platform/log";

const DEFAULT_ADMIN_EMAIL = "admin@example.com";
const FIRST_ADMIN_PASSWORD_FILE = "first-admin-password.txt";

export async function bootstrap(handle: DatabaseHandle, cfg: AppConfig): Promise<void> {
  const { db } = handle;
  await db.transaction(async (tx) => {
    // Several instances may start at once on PostgreSQL; only one creates the admin and the demo.
    if (handle.kind === "postgres") await tx.execute(sql`select pg_advisory_xact_lock(715001)`);

    const [admins] = await tx.select({ n: count() }).from(users).where(eq(users.role, "admin"));
    if ((admins?.n ?? 0) === 0) {
      const email = cfg.adminEmail ?? DEFAULT_ADMIN_EMAIL;
      const password = cfg.adminPassword ?? randomBytes(12).toString("base64url");
      await createUser(tx, { name: "Administrator", email, password, role: "admin" });
      if (cfg.adminPassword) log.info(`Created the first admin account: ${email}`);
      else {
        // Stored only as a hash; the operator gets it in a file only this user can read, never in
        // the log, which may travel to other machines and people (issue 16).
        const file = path.join(cfg.dataDir, FIRST_ADMIN_PASSWORD_FILE);
        await writeFile(file, `${password}\n`, { mode: 0o600 });
        log.info(`Created the first admin account: ${email}. Its password is in ${file}: sign in, change it, then delete the file.`);
      }
    }

    await backfillDerivedText(tx);

    const demoWanted = cfg.demoContent ?? handle.kind === "pglite";
    if (!demoWanted) return;
    const [content] = await tx
      .select({ n: sql<number>`(select count(*) from ${articles}) + (select count(*) from ${categories})` })
      .from(sql`(select 1) as one`);
    if (Number(content?.n ?? 0) > 0) return;
    await seedDemoContent(tx, mediaStorage());
    log.info("Loaded the demo content (set DEMO_CONTENT=false to start empty).");
  });
}

/** Articles saved before excerpts, word counts and the searchable body text were stored get them once, at start. */
async function backfillDerivedText(tx: Executor): Promise<void> {
  const missing = await tx
    .select({ id: articles.id, content: articles.content })
    .from(articles)
    .where(and(or(eq(articles.wordCount, 0), eq(articles.bodyText, "")), ne(articles.content, "")));
  for (const row of missing) {
    await tx.update(articles).set(derivedFromContent(row.content)).where(eq(articles.id, row.id));
  }
}
