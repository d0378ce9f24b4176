/** First start: make sure an admin exists, and fill an empty embedded database with the demo. */
import { randomBytes } from "node:crypto";
import { and, count, eq, ne, or, sql } from "drizzle-orm";
import type { AppConfig } from "./config";
import type { DatabaseHandle, Executor } from "../db/connection";
import { articles, categories, users } from "../db/schema";
import { seedDemoContent } from "../demo/seed";
import { derivedFromContent } from "../services/article-writes";
import { createUser } from "../services/users";
import { mediaStorage } from "../storage/index";

const DEFAULT_ADMIN_EMAIL = "admin@example.com";

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
      if (cfg.adminPassword) console.log(`Created the first admin account: ${email}`);
      // Printed once: it is stored only as a hash.
      else console.log(`Created the first admin account: ${email} with password ${password}\nChange it after signing in.`);
    }

    await backfillDerivedText(tx);

    const demoWanted = cfg.demoContent ?? handle.kind === "pglite";
    if (!demoWanted) return;
    const [content] = await tx
      .select({ n: sql<number>`(select count(*) from ${articles}) + (select count(*) from ${categories})` })
      .from(sql`(select 1) as one`);
    if (Number(content?.n ?? 0) > 0) return;
    await seedDemoContent(tx, mediaStorage());
    console.log("Loaded the demo content (set DEMO_CONTENT=false to start empty).");
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
