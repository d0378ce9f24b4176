import type { MessageKey } from "./messages";
import type { AuditAction, AuditObject } from "./limits";

/** How the audit screen names each action and object, in the page's language. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageKey> = {
  "article.create": "auditArticleCreate",
  "article.update": "auditArticleUpdate",
  "article.publish": "auditArticlePublish",
  "article.unpublish": "auditArticleUnpublish",
  "article.schedule": "auditArticleSchedule",
  "article.delete": "auditArticleDelete",
  "article.translate": "auditArticleTranslate",
  "article.restore": "auditArticleRestore",
  "review.submit": "submittedForReview",
  "review.return": "sentBackToDraft",
  "review.legal": "auditReviewLegal",
  "comment.approve": "auditCommentApprove",
  "comment.delete": "auditCommentDelete",
  "category.create": "auditCategoryCreate",
  "category.update": "auditCategoryUpdate",
  "category.delete": "auditCategoryDelete",
  "tag.create": "auditTagCreate",
  "tag.update": "auditTagUpdate",
  "tag.delete": "auditTagDelete",
  "writer.create": "auditWriterCreate",
  "writer.update": "auditWriterUpdate",
  "writer.delete": "auditWriterDelete",
  "user.update": "auditUserUpdate",
  "user.role": "auditUserRole",
  "user.delete": "auditUserDelete",
  "note.create": "auditNoteCreate",
  "note.update": "auditNoteUpdate",
  "account.signin": "auditAccountSignin",
  "account.signin_failed": "auditAccountSigninFailed",
};

export const AUDIT_OBJECT_LABELS: Record<AuditObject, MessageKey> = {
  article: "auditObjectArticle",
  review: "adminReview",
  comment: "auditObjectComment",
  category: "auditObjectCategory",
  tag: "auditObjectTag",
  writer: "auditObjectWriter",
  user: "auditObjectUser",
  note: "auditObjectNote",
  account: "auditObjectAccount",
};
