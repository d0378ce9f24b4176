/**
 * A newsroom account's owner is mailed when it is signed in from a device it had not used (issue
 * 40), so that a stolen password is noticed. A device is the session's coarse name ("Firefox on
 * Android"): a new browser or system is new, another phone of the same kind is not. The first
 * device an account is seen on only starts its list.
 */
import { and, eq, ne } from "drizzle-orm";
import { catalogFor } from "~/lib/i18n";
import { deviceLabel } from "~/lib/device-label";
import { ACCOUNT_SECURITY_PATH } from "~/lib/admin-paths";
import { roleCan } from "~/lib/roles";
import type { Executor } from "../db/connection";
import { knownDevices, users } from "../db/schema";
import type { OutgoingMail } from "../mail/transport";
import { transactionalMail } from "../mail/transactional-mail";
import { config } from "../platform/config";

const nepalTime = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu", dateStyle: "short", timeStyle: "short", hourCycle: "h23" });

/** Notes that `userId` signed in from `device`; returns the notice to mail its owner when the device is new to a newsroom account. */
export async function signInNotice(db: Executor, userId: number, device: string, now = new Date()): Promise<OutgoingMail | null> {
  const [account] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  if (!account || !roleCan(account.role, "backOffice")) return null;
  const [added] = await db.insert(knownDevices).values({ userId, device }).onConflictDoNothing().returning({ device: knownDevices.device });
  if (!added) return null;
  const [before] = await db
    .select({ device: knownDevices.device })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.device, device)))
    .limit(1);
  if (!before) return null;
  const locale = config().defaultLocale;
  return transactionalMail(account.email, locale, "signInNoticeSubject", [
    { text: "signInNoticeText", values: { device: deviceLabel(device, catalogFor(locale)), time: nepalTime.format(now) } },
    { text: "signInNoticeAdvice" },
    { link: `${config().publicUrl}${ACCOUNT_SECURITY_PATH}` },
  ]);
}
