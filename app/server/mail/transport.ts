/**
 * The one way the site hands a message to mail (issue 40): an SMTP relay the outlet chooses
 * (SMTP_URL), signed with DKIM when a key is configured. With no relay set, a message is written
 * to DATA_DIR/mail as an .eml file, so that a first start works and an operator can read what
 * would have gone out.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { config, type MailSettings } from "../platform/config";
import { log } from "../platform/log";
import { classified, messageOptions, nodemailer, type OutgoingMail } from "./message";

export { PermanentMailFailure, TemporaryMailFailure, type OutgoingMail } from "./message";

type Sender = (mail: OutgoingMail) => Promise<void>;

let sender: Promise<Sender> | undefined;
let senderSettings: MailSettings | undefined;

async function smtpSender(settings: MailSettings & { smtpUrl: string }): Promise<Sender> {
  const { createTransport } = await nodemailer();
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

async function fileSender(settings: MailSettings, folder: string): Promise<Sender> {
  const { createTransport } = await nodemailer();
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
  await (await sender)(mail);
}

/** The bare address of MAIL_FROM (or of `from`), the envelope's sender. */
export function fromAddress(from = config().mail.from): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
