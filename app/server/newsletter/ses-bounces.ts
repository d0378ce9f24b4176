/**
 * Bounce and complaint reports from Amazon SES, as its SNS topic posts them (issue 40): a permanent
 * bounce or a complaint puts the address on the suppression list. Nothing is believed unsigned:
 * each message carries SNS's signature, checked with the certificate at SigningCertURL, which must
 * be an https address on an SNS host of AWS (anyone can post here, and anyone can host a
 * certificate elsewhere); the topic must be one the operator named (SES_SNS_TOPIC_ARNS). The
 * subscription's confirmation is followed the same way, so subscribing the endpoint needs no
 * console step. https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html
 */
import { createVerify } from "node:crypto";
import { z } from "zod";
import type { Executor } from "../db/connection";
import { AppError } from "../errors";
import { config } from "../platform/config";
import { log } from "../platform/log";
import { suppress } from "./suppressions";

/** SNS signs from, and confirms subscriptions at, hosts like sns.eu-west-1.amazonaws.com (and .com.cn in China). */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

const snsMessageSchema = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string(),
  TopicArn: z.string(),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.enum(["1", "2"]),
  Signature: z.string(),
  SigningCertURL: z.string(),
  Subject: z.string().optional(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});
type SnsMessage = z.infer<typeof snsMessageSchema>;

/** Fetches the PEM certificate (or public key) at an address already checked to be SNS's. */
export type CertificateSource = (url: string) => Promise<string>;

const certificates = new Map<string, Promise<string>>();

/** The certificates SNS signs with change rarely: each address is fetched once per process. */
export const fetchSnsCertificate: CertificateSource = (url) => {
  let certificate = certificates.get(url);
  if (!certificate) {
    certificate = fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000) }).then(async (res) => {
      if (!res.ok) throw new Error(`SNS certificate ${url}: ${res.status}`);
      return res.text();
    });
    certificate.catch(() => certificates.delete(url));
    certificates.set(url, certificate);
  }
  return certificate;
};

/** An https address on an SNS host, or undefined. */
function snsAddress(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && SNS_HOST.test(url.hostname) && url.port === "" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The text SNS signs: the message's fields, by name, in this order (absent ones left out). */
export function snsStringToSign(message: SnsMessage): string {
  const fields: Array<keyof SnsMessage> =
    message.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join("");
}

async function verified(body: unknown, certificateOf: CertificateSource): Promise<SnsMessage> {
  const parsed = snsMessageSchema.safeParse(body);
  if (!parsed.success) throw new AppError(403, "bounceNotificationRefused");
  const message = parsed.data;
  const certificateUrl = snsAddress(message.SigningCertURL);
  if (!certificateUrl || !config().mail.sesTopicArns.includes(message.TopicArn)) throw new AppError(403, "bounceNotificationRefused");
  const verifier = createVerify(message.SignatureVersion === "2" ? "RSA-SHA256" : "RSA-SHA1");
  verifier.update(snsStringToSign(message), "utf8");
  let good = false;
  try {
    good = verifier.verify(await certificateOf(certificateUrl.href), message.Signature, "base64");
  } catch {
    good = false;
  }
  if (!good) throw new AppError(403, "bounceNotificationRefused");
  return message;
}

const addressesSchema = z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() })).default([]);
const sesNotificationSchema = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z.object({ bounceType: z.string(), bounceSubType: z.string().optional(), bouncedRecipients: addressesSchema }).optional(),
  complaint: z.object({ complainedRecipients: addressesSchema, complaintFeedbackType: z.string().optional() }).optional(),
});

/** The bare address of "Name <address>" or an address. */
const bareAddress = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();

/**
 * Handles one SNS post: suppresses what a verified SES report names (a permanent bounce, a
 * complaint), confirms a verified subscription. Returns how many addresses it suppressed.
 */
export async function receiveSesNotification(db: Executor, body: unknown, certificateOf: CertificateSource = fetchSnsCertificate): Promise<number> {
  const message = await verified(body, certificateOf);
  if (message.Type === "SubscriptionConfirmation") {
    const subscribe = snsAddress(message.SubscribeURL);
    if (!subscribe) throw new AppError(403, "bounceNotificationRefused");
    await fetch(subscribe, { redirect: "error", signal: AbortSignal.timeout(10_000) });
    log.info(`Subscribed to the SNS topic ${message.TopicArn}`);
    return 0;
  }
  if (message.Type !== "Notification") return 0;
  let report: z.infer<typeof sesNotificationSchema>;
  try {
    report = sesNotificationSchema.parse(JSON.parse(message.Message));
  } catch {
    throw new AppError(400, "invalidInput");
  }
  const kind = report.notificationType ?? report.eventType;
  if (kind === "Bounce" && report.bounce?.bounceType === "Permanent") {
    for (const recipient of report.bounce.bouncedRecipients) {
      await suppress(db, bareAddress(recipient.emailAddress), "bounce", recipient.diagnosticCode ?? report.bounce.bounceSubType ?? "");
    }
    return report.bounce.bouncedRecipients.length;
  }
  if (kind === "Complaint" && report.complaint) {
    for (const recipient of report.complaint.complainedRecipients) {
      await suppress(db, bareAddress(recipient.emailAddress), "complaint", report.complaint.complaintFeedbackType ?? "");
    }
    return report.complaint.complainedRecipients.length;
  }
  return 0;
}
