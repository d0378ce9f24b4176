import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { readConfig, type AppConfig } from "../platform/config";

let current: AppConfig;
vi.mock("../platform/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../platform/config")>();
  return { ...actual, config: () => current };
});
const { sendMail, PermanentMailFailure } = await import("./transport");

let sink: SmtpSink;
let folder: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-mail-"));
});
afterAll(() => sink.close());

describe("sending mail", () => {
  it("hands a message to the SMTP relay with its headers, text and HTML", async () => {
    current = readConfig({ DATA_DIR: folder, SMTP_URL: sink.url, MAIL_FROM: "Khulasa <news@khulasa.example>" });
    await sendMail({
      to: "reader@example.org",
      subject: "समाचार",
      text: "नमस्ते",
      html: "<p>नमस्ते</p>",
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const mail = await sink.next("reader@example.org");
    expect(mail.parsed.subject).toBe("समाचार");
    expect(mail.parsed.text?.trim()).toBe("नमस्ते");
    expect(mail.parsed.html).toContain("<p>नमस्ते</p>");
    expect(mail.parsed.from?.text).toBe('"Khulasa" <news@khulasa.example>');
    expect(mail.raw.toString("utf8")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.parsed.headers.has("dkim-signature")).toBe(false);
  });

  it("signs with DKIM when a key is configured", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keyFile = path.join(folder, "dkim.pem");
    await writeFile(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    current = readConfig({ DATA_DIR: folder, SMTP_URL: sink.url, DKIM_DOMAIN: "khulasa.example", DKIM_SELECTOR: "mail", DKIM_PRIVATE_KEY_FILE: keyFile });
    await sendMail({ to: "signed@example.org", subject: "Signed", text: "Hello" });
    const mail = await sink.next("signed@example.org");
    const header = /^DKIM-Signature:.*(?:\r?\n[ \t].*)*/m.exec(mail.raw.toString("utf8"))?.[0] ?? "";
    expect(header).toMatch(/\bd=khulasa\.example;/);
    expect(header).toMatch(/\bs=mail;/);
    expect(header).toMatch(/\bb=[A-Za-z0-9+/]/);
  });

  it("reports a 550 as a permanent failure", async () => {
    current = readConfig({ DATA_DIR: folder, SMTP_URL: sink.url });
    sink.refuse("gone@example.org", 550);
    await expect(sendMail({ to: "gone@example.org", subject: "x", text: "x" })).rejects.toBeInstanceOf(PermanentMailFailure);
  });

  it("writes messages to DATA_DIR/mail when no relay is set", async () => {
    current = readConfig({ DATA_DIR: folder });
    await sendMail({ to: "local@example.org", subject: "Kept", text: "Kept here" });
    const files = await readdir(path.join(folder, "mail"));
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(folder, "mail", files[0]!), "utf8")).toContain("Subject: Kept");
  });
});

describe("mail configuration", () => {
  it("refuses a half-set DKIM and a non-SMTP relay address", () => {
    expect(() => readConfig({ DKIM_DOMAIN: "a.example" })).toThrow(/go together/);
    expect(() => readConfig({ SMTP_URL: "http://relay.example" })).toThrow(/smtp:\/\//);
  });
});
