/** A "forgot password" request as the API and the page's form take it: counted, then mailed without the answer waiting. */
import type { Locale } from "~/lib/i18n";
import type { Database } from "../db/connection";
import { sendSoon } from "../mail/send-soon";
import { requestPasswordReset } from "../services/password-resets";
import { passwordResetRequest } from "../services/rate-limits";

export async function mailPasswordReset(db: Database, ip: string, email: string, locale: Locale): Promise<void> {
  await passwordResetRequest(ip, email);
  const mail = await requestPasswordReset(db, email, locale);
  if (mail) sendSoon(mail, "A password reset link could not be mailed");
}
