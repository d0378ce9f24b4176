/**
 * A sign-up as the API and the no-script form both take it (issue 40): counted against the client's
 * address and the e-mail, stored, and its message handed to mail without waiting, so that neither
 * the answer nor its timing says whether the address was already known.
 */
import type { Locale } from "~/lib/i18n";
import type { NewsletterInput } from "~/lib/schemas";
import type { Database } from "../db/connection";
import { sendSoon } from "../mail/send-soon";
import { newsletterSignUp } from "../services/rate-limits";
import { signUp } from "./opt-in";

export async function startSignUp(db: Database, ip: string, input: NewsletterInput, requestLanguage: Locale): Promise<void> {
  await newsletterSignUp(ip, input.email);
  const language = input.language ?? requestLanguage;
  const mail = await signUp(db, { email: input.email, lists: input.lists ?? [language], language });
  if (mail) sendSoon(mail, "A newsletter confirmation could not be mailed");
}
