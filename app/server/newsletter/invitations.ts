/**
 * `npm run newsletter:invite` (issue 40): the one invitation to confirm, for the addresses stored
 * before double opt-in. Each is marked invited in the same transaction that claims it, before its
 * message goes out, so that a second run (or another instance's) never mails it twice; one whose
 * message the relay refused is unmarked, for the next run. A suppressed address is not mailed.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/connection";
import { newsletterSubscribers } from "../db/schema";
import { sendMail } from "../mail/transport";
import { claimUninvited, confirmationMail, isSuppressed } from "./opt-in";

export interface InvitationReport {
  invited: number;
  failed: number;
  suppressed: number;
}

const BATCH = 100;

export async function inviteStoredSubscribers(db: Database, onProgress: (report: InvitationReport) => void = () => {}): Promise<InvitationReport> {
  const report: InvitationReport = { invited: 0, failed: 0, suppressed: 0 };
  const retry: string[] = [];
  for (;;) {
    const batch = await claimUninvited(db, BATCH);
    if (batch.length === 0) break;
    for (const invitation of batch) {
      if (await isSuppressed(db, invitation.email)) {
        report.suppressed++;
        continue;
      }
      try {
        await sendMail(confirmationMail(invitation.email, invitation.language, invitation.token, true));
        report.invited++;
      } catch {
        report.failed++;
        retry.push(invitation.email);
      }
    }
    onProgress(report);
  }
  for (const email of retry) {
    await db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: null, confirmationHash: null, confirmationExpiresAt: null })
      .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()} and ${eq(newsletterSubscribers.status, "pending")}`);
  }
  return report;
}
