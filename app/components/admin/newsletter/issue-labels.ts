import type { MessageKey } from "~/lib/messages";
import type { IssueStatus, SuppressionReason } from "~/server/db/schema";
import type { SubscriberStatus } from "~/lib/newsletter-lists";

/** How the back office names an issue's status , a subscriber's status and a suppression's reason (issue 40). */
export const ISSUE_STATUS_LABELS: Record<IssueStatus, MessageKey> = {
  draft: "newsletterStatusDraft",
  scheduled: "newsletterStatusScheduled",
  sending: "newsletterStatusSending",
  sent: "newsletterStatusSent",
};

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, MessageKey> = {
  pending: "newsletterStatusPending",
  confirmed: "newsletterStatusConfirmed",
  left: "newsletterStatusLeft",
};

export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, MessageKey> = {
  refused: "newsletterReasonRefused",
  bounce: "newsletterReasonBounce",
  complaint: "newsletterReasonComplaint",
};

/** While an issue waits for its time or sends, its page asks how far it got. */
export const isUnderWay = (status: IssueStatus) => status === "scheduled" || status === "sending";
