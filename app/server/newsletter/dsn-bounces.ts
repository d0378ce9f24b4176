/**
 * Delivery status notifications (RFC 3464) posted to the site (issue 40): the bounce a receiving
 * server mails back to our envelope sender, which the outlet's own mail server pipes or forwards to
 * POST /api/newsletter/bounces/dsn. A recipient the report says failed for good (Action: failed,
 * a 5.x.x status) is suppressed; a delay, or a 4.x.x, is the relay's to retry and changes nothing.
 * The report is believed because the poster knows the shared secret, not for what it says of
 * itself: anyone can write a DSN.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { ParsedMail } from "mailparser";
import type { Database } from "../db/connection";
import { AppError } from "../errors";
import { config } from "../platform/config";
import { suppress } from "./suppressions";

/** One recipient a report says will never receive the message. */
export interface PermanentFailure {
  email: string;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string;
  /** The remote server's words (Diagnostic-Code), or the status when it gave none. */
  detail: string;
}

/** Whether the request carries HTTP Basic credentials whose password is NEWSLETTER_BOUNCE_SECRET (any user name). */
export function bounceSecretGiven(authorization: string | null, secret: string): boolean {
  const encoded = authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i)?.[1];
  if (!encoded) return false;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const password = decoded.slice(decoded.indexOf(":") + 1);
  if (!decoded.includes(":")) return false;
  // Digests first: timingSafeEqual needs equal lengths, and the secret's length is no one's business.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(password), digest(secret));
}

/**
 * The field groups of a message/delivery-status part: the per-message group first, then one per
 * recipient. Its syntax is a header's (RFC 3464 §2.1): `Name: value`, continued on lines that start
 * with white space, groups separated by blank lines. Names are lower-cased.
 */
export function deliveryStatusGroups(text: string): Array<Map<string, string>> {
  return text
    .replace(/\r\n/g, "\n")
    .replace(/\n[ \t]+/g, " ")
    .split(/\n\s*\n/)
    .map((group) => {
      const fields = new Map<string, string>();
      for (const line of group.split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; someone@example.org` (Final-Recipient's address-type and address) as the bare address. */
const recipientAddress = (value: string) =>
  value
    .slice(value.indexOf(";") + 1)
    .trim()
    .replace(/^<|>$/g, "")
    .toLowerCase();

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const STATUS = /^([245])\.\d{1,3}\.\d{1,3}/;

/**
 * The recipients a raw message, as a mail server received it, reports as failed for good. A message
 * that is not a delivery report (`multipart/report; report-type=delivery-status` with a
 * message/delivery-status part, or RFC 6533's message/global-delivery-status) is `400 dsn_not_a_report`.
 */
export async function permanentFailuresOf(raw: Uint8Array): Promise<PermanentFailure[]> {
  // Loaded with the first report, not at every start (docs/decisions.md#2026-11-29-start-up-loads-what-it-uses-issue-37).
  const { simpleParser } = await import("mailparser");
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(Buffer.from(raw), { keepDeliveryStatus: true, skipHtmlToText: true, skipTextLinks: true });
  } catch {
    throw new AppError(400, "dsnNotAReport");
  }
  const type = parsed.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  const reportType = type?.params?.["report-type"]?.toLowerCase();
  const status = parsed.attachments.find((part) => /^message\/(global-)?delivery-status$/i.test(part.contentType));
  if (type?.value?.toLowerCase() !== "multipart/report" || !reportType?.endsWith("delivery-status") || !status) throw new AppError(400, "dsnNotAReport");

  const failures: PermanentFailure[] = [];
  for (const fields of deliveryStatusGroups(status.content.toString("utf8")).slice(1)) {
    const email = recipientAddress(fields.get("final-recipient") ?? fields.get("original-recipient") ?? "");
    const code = STATUS.exec(fields.get("status") ?? "");
    if (fields.get("action")?.toLowerCase() !== "failed" || code?.[1] !== "5" || !ADDRESS.test(email)) continue;
    const diagnostic = fields.get("diagnostic-code") ?? "";
    failures.push({ email, status: code[0], detail: diagnostic.slice(diagnostic.indexOf(";") + 1).trim() || code[0] });
  }
  return failures;
}

/**
 * Refuses a post without the secret: 404 while none is configured (the address then says nothing
 * of itself), 401 when it is missing or wrong. Checked before the body is read.
 */
export function assertBounceSecret(authorization: string | null): void {
  const secret = config().mail.bounceSecret;
  if (!secret) throw new AppError(404, "notFound");
  if (!bounceSecretGiven(authorization, secret)) throw new AppError(401, "dsnSecretRequired");
}

/** Suppresses each permanent failure a report names, in one transaction; returns how many it named. */
export async function receiveDsn(db: Database, raw: Uint8Array): Promise<number> {
  const failures = await permanentFailuresOf(raw);
  await db.transaction(async (tx) => {
    for (const failure of failures) await suppress(tx, failure.email, "bounce", `${failure.status} ${failure.detail}`.trim());
  });
  return failures.length;
}
