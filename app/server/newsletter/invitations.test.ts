import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { mailSuppressions, newsletterSubscribers } from "../db/schema";
import { readConfig, type AppConfig } from "../platform/config";

let current: AppConfig;
vi.mock("../platform/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../platform/config")>();
  return { ...actual, config: () => current };
});
const { inviteStoredSubscribers } = await import("./invitations");

let sink: SmtpSink;
let handle: DatabaseHandle;
beforeAll(async () => {
  sink = await startSmtpSink();
  current = readConfig({ SMTP_URL: sink.url, PUBLIC_URL: "https://khulasa.example" });
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(async () => {
  await handle.close();
  await sink.close();
});

describe("npm run newsletter:invite", () => {
  it("invites each address stored before double opt-in once, in its language; a refused one waits for the next run; a suppressed one is never mailed", async () => {
    await handle.db.insert(newsletterSubscribers).values([
      { email: "old-ne@example.org", language: "ne" },
      { email: "old-en@example.org", language: "en" },
      { email: "refused@example.org", language: "en" },
      { email: "bounced@example.org", language: "en" },
    ]);
    await handle.db.insert(mailSuppressions).values({ email: "bounced@example.org", reason: "bounce" });
    sink.refuse("refused@example.org", 550);

    expect(await inviteStoredSubscribers(handle.db)).toEqual({ invited: 2, failed: 1, suppressed: 1 });
    const nepali = await sink.next("old-ne@example.org");
    expect(nepali.parsed.subject).toBe("के तपाईं अझै खुलासा को न्युजलेटर चाहनुहुन्छ?");
    expect(nepali.parsed.text).toMatch(/https:\/\/khulasa\.example\/ne\/newsletter\/confirm\?token=[\w-]+/);
    expect((await sink.next("old-en@example.org")).parsed.subject).toBe("Do you still want Khulasa's newsletter?");

    const before = sink.received.length;
    expect(await inviteStoredSubscribers(handle.db)).toEqual({ invited: 0, failed: 1, suppressed: 0 });
    expect(sink.received.length).toBe(before);
  });
});
