import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { issueMail, type IssueLinks } from "./issue-mail";
import { spawnSendThread, startSendThread } from "./send-thread";
import type { SendThreadSettings } from "./send-worker";

const SITE = "https://khulasa.example";
let sink: SmtpSink;
let settings: SendThreadSettings;

beforeAll(async () => {
  sink = await startSmtpSink();
  const folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-send-thread-"));
  settings = {
    relay: { smtpUrl: sink.url, envelopeFrom: "news@khulasa.example", folder },
    compose: { from: "Khulasa <news@khulasa.example>", dkim: undefined },
  };
});
afterAll(async () => {
  await sink.close();
});

const links = (reader: string): IssueLinks => ({
  manage: `${SITE}/ne/newsletter/manage?token=${reader}`,
  unsubscribe: `${SITE}/ne/newsletter/unsubscribe?token=${reader}`,
  oneClick: `${SITE}/api/newsletter/unsubscribe?lang=ne&token=${reader}`,
  unsubscribeMailto: `mailto:news@khulasa.example?subject=unsubscribe%20${reader}`,
  site: `${SITE}/ne`,
});

/** A Nepali issue's message for `to`, as the sender renders it on the request thread. */
const mailTo = (to: string, subject: string) =>
  issueMail(
    { edition: "ne", subject, intro: "नमस्ते।", stories: [{ title: "मेलम्चीको ठेक्का", summary: "", url: `${SITE}/ne/article/melamchi` }] },
    to,
    links("7.sealed"),
    {
      messageId: `<issue-1.${to}@khulasa.example>`,
    },
  );

/** A thread that speaks the protocol until `at`, then dies as an uncaught error would kill it. */
const dyingThread = (at: "before commit" | "after commit") =>
  new Worker(
    `const { parentPort } = require("node:worker_threads");
parentPort.on("message", (message) => {
  if (${JSON.stringify(at)} === "before commit") throw new Error("the composer broke");
  if (message.type === "send") parentPort.postMessage({ type: "commit", id: message.id });
  else throw new Error("the connection broke");
});`,
    { eval: true },
  );

describe("the newsletter's sending thread", () => {
  it("builds a message off the request thread and hands it to the relay with List-Unsubscribe, one-click and the edition's language, once committed", async () => {
    const thread = startSendThread(settings);
    const commits: string[] = [];
    const handOff = await thread.deliver(0, mailTo("thread-reader@example.org", "सिधा थ्रेडबाट"), async () => {
      commits.push("thread-reader@example.org");
      return true;
    });
    await thread.release();
    expect(handOff).toEqual({ kind: "accepted", confirmed: true });
    expect(commits).toEqual(["thread-reader@example.org"]);
    const mail = await sink.next("thread-reader@example.org", (m) => m.parsed.subject === "सिधा थ्रेडबाट");
    const raw = mail.raw.toString("utf8").replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${SITE}/api/newsletter/unsubscribe\\?lang=ne&token=7\\.sealed>, <mailto:news@khulasa\\.example\\?subject=unsubscribe%207\\.sealed>\\r?$`,
        "m",
      ),
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(String(mail.parsed.html)).toContain('<html lang="ne-NP">');
    expect(mail.parsed.text).toContain("नमस्ते।");
    expect(mail.parsed.from?.text).toBe('"Khulasa" <news@khulasa.example>');
    expect(mail.parsed.messageId).toBe("<issue-1.thread-reader@example.org@khulasa.example>");
  });

  it("drops a message unfinished when the commit declines it: the relay keeps nothing", async () => {
    const thread = startSendThread(settings);
    const handOff = await thread.deliver(0, mailTo("declined@example.org", "Declined"), async () => false);
    const after = await thread.deliver(0, mailTo("after-declined@example.org", "After the declined one"), async () => true);
    await thread.release();
    expect(handOff).toEqual({ kind: "abandoned" });
    expect(after).toEqual({ kind: "accepted", confirmed: true });
    await sink.next("after-declined@example.org");
    expect(sink.received.some((mail) => mail.recipients.includes("declined@example.org"))).toBe(false);
  });

  it("answers a message whose thread died before its commit as a temporary failure, and sends the next on a new thread", async () => {
    let spawned = 0;
    const thread = startSendThread(settings, { spawn: (given) => (spawned++ === 0 ? dyingThread("before commit") : spawnSendThread(given)) });
    let committed = false;
    const lost = await thread.deliver(0, mailTo("died-before@example.org", "Died before"), async () => (committed = true));
    expect(lost.kind).toBe("failed");
    expect(lost.kind === "failed" && lost.failure).toMatchObject({
      name: "TemporaryMailFailure",
      message: expect.stringMatching(/sending thread stopped: the composer broke/),
    });
    expect(committed).toBe(false);

    const next = await thread.deliver(0, mailTo("after-death@example.org", "On a new thread"), async () => true);
    await thread.release();
    expect(next).toEqual({ kind: "accepted", confirmed: true });
    expect(spawned).toBe(2);
    expect((await sink.next("after-death@example.org")).parsed.subject).toBe("On a new thread");
  });

  it("counts a message whose thread died after its commit as handed over, unconfirmed, never as one to send again", async () => {
    const thread = startSendThread(settings, { spawn: () => dyingThread("after commit") });
    const handOff = await thread.deliver(1, mailTo("died-after@example.org", "Died after"), async () => true);
    await thread.release();
    expect(handOff).toEqual({ kind: "accepted", confirmed: false });
  });

  it("passes on a relay's refusal with its code", async () => {
    sink.refuse("refused-by-relay@example.org", 550);
    const thread = startSendThread(settings);
    const handOff = await thread.deliver(0, mailTo("refused-by-relay@example.org", "Refused"), async () => true);
    await thread.release();
    expect(handOff.kind === "failed" && handOff.failure).toMatchObject({ name: "PermanentMailFailure", responseCode: 550 });
  });
});
