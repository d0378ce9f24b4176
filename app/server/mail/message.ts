/**
 * A message and what can go wrong handing it over (issue 40), apart from the site's configuration
 * so that the newsletter's sending thread (newsletter/send-worker.ts), which reads none, can build
 * messages and tell a relay's refusals apart.
 */
import type Mail from "nodemailer/lib/mailer";
import type { MailSettings } from "../platform/config";

/** Loaded with the first message, not at every start (docs/decisions.md#2026-11-29-start-up-loads-what-it-uses-issue-37). */
export const nodemailer = () => import("nodemailer");

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

export function messageOptions(mail: OutgoingMail): Mail.Options {
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
 * Builds messages exactly as they go on the wire (CRLF lines, DKIM-signed when a key is given), for
 * senders that hand them to the relay themselves (newsletter/send-worker.ts). Takes the settings
 * rather than reading them, since it runs on the newsletter's own thread.
 */
export function mailComposer(settings: Pick<MailSettings, "from" | "dkim">): (mail: OutgoingMail) => Promise<Buffer> {
  const transport = nodemailer().then(({ createTransport }) =>
    createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from: settings.from, ...(settings.dkim ? { dkim: settings.dkim } : {}) }),
  );
  return async (mail) => (await (await transport).sendMail(messageOptions(mail))).message as Buffer;
}
