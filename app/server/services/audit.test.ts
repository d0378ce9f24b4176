import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { auditLog } from "../db/schema";
import { changedFields, recordAudit } from "./audit";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  await recordAudit(handle.db, { id: 1, name: "An Editor", email: "editor@example.com" }, "tag.create", { id: 7, label: "Budget" });
});

afterAll(() => handle.close());

describe("the audit trail's table", () => {
  it("keeps what was recorded, with the object type the action names", async () => {
    expect(await handle.db.select().from(auditLog)).toEqual([
      expect.objectContaining({ actorId: 1, actorName: "An Editor", action: "tag.create", objectType: "tag", objectId: 7, objectLabel: "Budget" }),
    ]);
  });

  it("refuses to change, delete or empty an entry, whoever asks", async () => {
    // The database's own refusal, beneath the driver's "Failed query".
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => "done",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(handle.db.update(auditLog).set({ summary: "rewritten" }))).toMatch(/append-only/);
    expect(await refusal(handle.db.delete(auditLog))).toMatch(/append-only/);
    expect(await refusal(handle.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await handle.db.select({ summary: auditLog.summary }).from(auditLog)).toEqual([{ summary: "" }]);
  });
});

describe("changedFields", () => {
  it("names the fields that differ, treating null and a missing value alike and ignoring what the update leaves out", () => {
    expect(changedFields({ title: "A", category_id: null, tags: [1, 2] }, { title: "B", category_id: undefined, tags: [1, 2] })).toBe("title");
    expect(changedFields({ title: "A", is_published: false }, { title: "A", is_published: true, slug: undefined })).toBe("is_published");
  });
});
