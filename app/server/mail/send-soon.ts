/**
 * Transactional mail that the request does not wait for (issue 40): a sign-up's confirmation, a
 * password reset, a sign-in notice. The answer then takes as long whether a message goes out or
 * not, so its timing does not tell whether an address was known; a failure is logged for the
 * operator, and the reader asks again.
 */
import { logError } from "../platform/log";
import { type OutgoingMail, sendMail } from "./transport";

const sending = new Set<Promise<void>>();

export function sendSoon(mail: OutgoingMail, failure: string): void {
  const sent = sendMail(mail).catch((error: unknown) => logError(failure, error));
  sending.add(sent);
  void sent.finally(() => sending.delete(sent));
}

/** Waits for the messages handed over so far: a stopping server lets them go out first. */
export async function mailSent(): Promise<void> {
  await Promise.all([...sending]);
}
