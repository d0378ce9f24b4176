/**
 * The one way the site hands a message to mail (issue 40): an SMTP relay the outlet chooses
 * (SMTP_URL), signed with DKIM when a key is configured. With no relay set, a message is written
 * to DATA_DIR/mail as an .eml file, so that a first start works and an operator can read what
 * would have gone out.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createTransport } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { config, type MailSettings } from "../platform/config";
import { log } from "../platform/log";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** A stable Message-ID lets a relay or a receiver recognise a message sent twice. */
  messageId?: string;
}

/** The relay refused the message for good (a 5xx): sending it again will not help. */
export class PermanentMailFailure extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
    this.name = "PermanentMailFailure";
  }
}

/** The relay could not take the message now (a 4xx, a dropped connection): worth another try later. */
export class TemporaryMailFailure extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
    this.name = "TemporaryMailFailure";
  }
}

type Sender = (mail: OutgoingMail) => Promise<void>;

let sender: Sender | undefined;
let senderSettings: MailSettings | undefined;

function smtpSender(settings: MailSettings & { smtpUrl: string }): Sender {
  const transport = createTransport(settings.smtpUrl, {
    from: settings.from,
    ...(settings.dkim ? { dkim: settings.dkim } : {}),
  });
  return async (mail) => {
    try {
      await transport.sendMail(messageOptions(mail));
    } catch (error) {
      throw classified(error);
    }
  };
}

function fileSender(settings: MailSettings, folder: string): Sender {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from: settings.from });
  let told = false;
  return async (mail) => {
    const info = await transport.sendMail(messageOptions(mail));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`), info.message as Buffer);
    if (!told) {
      told = true;
      log.warn(`SMTP_URL is not set: mail is written to ${folder} instead of sent`);
    }
  };
}

function messageOptions(mail: OutgoingMail): Mail.Options {
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: mail.messageId };
}

/** A relay's refusal or a lost connection, as PermanentMailFailure (a 5xx) or TemporaryMailFailure (anything else). */
export function classified(error: unknown): PermanentMailFailure | TemporaryMailFailure {
  const code = typeof error === "object" && error !== null && "responseCode" in error ? Number(error.responseCode) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code !== undefined && code >= 500 && code < 600) return new PermanentMailFailure(message, code);
  return new TemporaryMailFailure(message, code);
}

/**
 * Hands one message to the relay. Throws PermanentMailFailure when the relay refuses it for good,
 * TemporaryMailFailure when a later try may succeed.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const settings = config().mail;
  if (!sender || senderSettings !== settings) {
    senderSettings = settings;
    sender = settings.smtpUrl ? smtpSender({ ...settings, smtpUrl: settings.smtpUrl }) : fileSender(settings, path.join(config().dataDir, "mail"));
  }
  await sender(mail);
}

let composer: { settings: MailSettings; transport: ReturnType<typeof createTransport> } | undefined;

/**
 * The message exactly as it goes on the wire (CRLF lines, DKIM-signed when a key is configured),
 * for senders that hand it to the relay themselves (newsletter/send-queue.ts).
 */
export async function composeMail(mail: OutgoingMail): Promise<Buffer> {
  const settings = config().mail;
  if (composer?.settings !== settings) {
    composer = {
      settings,
      transport: createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from: settings.from, ...(settings.dkim ? { dkim: settings.dkim } : {}) }),
    };
  }
  const info = await composer.transport.sendMail(messageOptions(mail));
  return info.message as Buffer;
}

/** The bare address of MAIL_FROM, the envelope's sender. */
export function fromAddress(): string {
  const from = config().mail.from;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
