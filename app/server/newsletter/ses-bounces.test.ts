import { generateKeyPairSync, createSign } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { mailSuppressions } from "../db/schema";
import { readConfig, type AppConfig } from "../platform/config";

let current: AppConfig;
vi.mock("../platform/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../platform/config")>();
  return { ...actual, config: () => current };
});
const { receiveSesNotification, snsStringToSign } = await import("./ses-bounces");

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
const CERT_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem";
// Our own key stands in for SNS's: the test's certificate source hands out its public half.
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
const fetched: string[] = [];
const testSource = async (url: string) => {
  fetched.push(url);
  return publicPem;
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(() => handle.close());
beforeEach(() => {
  current = readConfig({ SES_SNS_TOPIC_ARNS: `arn:aws:sns:eu-west-1:123456789012:other, ${TOPIC}` });
  fetched.length = 0;
});

/** An SNS notification carrying `report`, signed with SignatureVersion 2 (SHA-256) unless told. */
function signed(report: unknown, overrides: Record<string, string> = {}, version: "1" | "2" = "2") {
  const message = {
    Type: "Notification",
    MessageId: "0b7f5c6e-1111-2222-3333-444455556666",
    TopicArn: TOPIC,
    Message: JSON.stringify(report),
    Timestamp: "2026-11-28T10:00:00.000Z",
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    ...overrides,
  };
  const signer = createSign(version === "2" ? "RSA-SHA256" : "RSA-SHA1");
  signer.update(snsStringToSign(message as Parameters<typeof snsStringToSign>[0]));
  return { ...message, Signature: signer.sign(privateKey, "base64") };
}

const bounce = (address: string, bounceType = "Permanent") => ({
  notificationType: "Bounce",
  bounce: { bounceType, bounceSubType: "General", bouncedRecipients: [{ emailAddress: address, diagnosticCode: "smtp; 550 5.1.1 user unknown" }] },
  mail: { destination: [address] },
});

const reasonOf = async (email: string) => (await handle.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email)))[0];

describe("SES bounce and complaint reports over SNS", () => {
  it("suppresses a permanent bounce and a complaint from a signed notification", async () => {
    expect(await receiveSesNotification(handle.db, signed(bounce("Gone@Example.org")), testSource)).toBe(1);
    expect(await reasonOf("gone@example.org")).toMatchObject({ reason: "bounce", detail: "smtp; 550 5.1.1 user unknown" });
    const complaint = { eventType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: "angry@example.org" }], complaintFeedbackType: "abuse" } };
    expect(await receiveSesNotification(handle.db, signed(complaint, {}, "1"), testSource)).toBe(1);
    expect(await reasonOf("angry@example.org")).toMatchObject({ reason: "complaint", detail: "abuse" });
    expect(fetched.every((url) => url === CERT_URL)).toBe(true);
  });

  it("leaves a transient bounce alone", async () => {
    expect(await receiveSesNotification(handle.db, signed(bounce("full@example.org", "Transient")), testSource)).toBe(0);
    expect(await reasonOf("full@example.org")).toBeUndefined();
  });

  it("refuses an altered message, a certificate from anywhere but an SNS host over https, and an unnamed topic", async () => {
    const good = signed(bounce("forged@example.org"));
    const refusals = [
      { ...good, Message: JSON.stringify(bounce("someone-else@example.org")) },
      { ...good, Signature: good.Signature.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
      signed(bounce("forged@example.org"), { SigningCertURL: "http://sns.eu-west-1.amazonaws.com/cert.pem" }),
      signed(bounce("forged@example.org"), { SigningCertURL: "https://sns.eu-west-1.amazonaws.com.attacker.example/cert.pem" }),
      signed(bounce("forged@example.org"), { SigningCertURL: "https://attacker.example/sns.eu-west-1.amazonaws.com.pem" }),
      signed(bounce("forged@example.org"), { SigningCertURL: "https://sns.eu-west-1.amazonaws.com:8443/cert.pem" }),
      signed(bounce("forged@example.org"), { TopicArn: "arn:aws:sns:eu-west-1:999999999999:not-ours" }),
      { Type: "Notification", Message: "{}" },
    ];
    for (const body of refusals) {
      await expect(receiveSesNotification(handle.db, body, testSource)).rejects.toMatchObject({ status: 403, key: "bounceNotificationRefused" });
    }
    expect(await reasonOf("forged@example.org")).toBeUndefined();
    expect(await reasonOf("someone-else@example.org")).toBeUndefined();
    expect(fetched.every((url) => url === CERT_URL)).toBe(true);
  });

  it("refuses everything while no topic is configured", async () => {
    current = readConfig({});
    await expect(receiveSesNotification(handle.db, signed(bounce("nobody@example.org")), testSource)).rejects.toMatchObject({ status: 403 });
  });
});
