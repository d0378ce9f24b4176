/**
 * How the back office names a document's state and what its examination found (issue 38): each
 * finding kind with a sentence in plain words, so a reporter who never opened a PDF's insides can
 * judge it.
 */
import type { DocumentFinding, DocumentJson } from "~/lib/api-types";
import type { Catalog } from "~/lib/i18n";
import { formatMessage } from "~/lib/format-message";
import { LANGUAGES, type Language } from "~/lib/limits";
import type { MessageKey } from "~/lib/messages";

const KINDS: Record<string, { name: MessageKey; help: MessageKey }> = {
  text_under_box: { name: "findingTextUnderBox", help: "findingTextUnderBoxHelp" },
  text_under_annotation: { name: "findingTextUnderAnnotation", help: "findingTextUnderAnnotationHelp" },
  hidden_text: { name: "findingHiddenText", help: "findingHiddenTextHelp" },
  ocr_layer: { name: "findingOcrLayer", help: "findingOcrLayerHelp" },
  metadata: { name: "findingMetadata", help: "findingMetadataHelp" },
  previous_versions: { name: "findingPreviousVersions", help: "findingPreviousVersionsHelp" },
  embedded_file: { name: "findingEmbeddedFile", help: "findingEmbeddedFileHelp" },
  javascript: { name: "findingJavascript", help: "findingJavascriptHelp" },
  form_fields: { name: "findingFormFields", help: "findingFormFieldsHelp" },
  attachments_in_annotations: { name: "findingAttachments", help: "findingAttachmentsHelp" },
  thumbnails: { name: "findingThumbnails", help: "findingThumbnailsHelp" },
  layers: { name: "findingLayers", help: "findingLayersHelp" },
};

/** A finding kind's name and explanation; a kind this build does not know yet is named by its code. */
export function findingKind(messages: Catalog, kind: string): { name: string; help: string | null } {
  const known = KINDS[kind];
  return known ? { name: messages[known.name], help: messages[known.help] } : { name: kind, help: null };
}

/** Findings grouped by page, pages in order, what belongs to the whole file (page null) first. */
export function findingsByPage(findings: readonly DocumentFinding[]): { page: number | null; findings: DocumentFinding[] }[] {
  const groups = new Map<number | null, DocumentFinding[]>();
  for (const finding of findings) groups.set(finding.page, [...(groups.get(finding.page) ?? []), finding]);
  return [...groups.entries()].sort(([a], [b]) => (a ?? 0) - (b ?? 0)).map(([page, list]) => ({ page, findings: list }));
}

/** The document's title in the page's language, else in the first language that has one. */
export function documentTitle(document: DocumentJson, language: Language, messages: Catalog): string {
  const key = (code: Language) => document[`title_${code}` as keyof DocumentJson] as string | null;
  return key(language) ?? LANGUAGES.map(key).find((title) => title) ?? messages.documentUntitled;
}

/** Whether a job is running on the document, so its page should ask again how far it has gone. */
export const isWorking = (document: Pick<DocumentJson, "status">): boolean => document.status === "examining" || document.status === "publishing";

export type StatusTone = "working" | "warning" | "good" | "bad" | "published";

/** The document's state in words: what the library's status column and the document's page say. */
export function documentStatus(document: DocumentJson, messages: Catalog, formatNumber: (value: number) => string): { label: string; tone: StatusTone } {
  if (document.published_at) return { label: messages.documentStatusPublished, tone: "published" };
  switch (document.status) {
    case "examining":
      return document.progress
        ? { label: formatMessage(messages.documentStatusProgress, { page: formatNumber(document.progress.page), pages: formatNumber(document.progress.pages) }), tone: "working" }
        : { label: messages.documentStatusExamining, tone: "working" };
    case "publishing":
      return { label: messages.documentStatusPublishing, tone: "working" };
    case "needs_review":
      return { label: formatMessage(messages.documentStatusNeedsReview, { count: formatNumber(document.findings.length) }), tone: "warning" };
    case "clean":
      return { label: messages.documentStatusClean, tone: "good" };
    case "failed":
      return { label: formatMessage(messages.documentStatusFailed, { reason: document.failure ?? "" }), tone: "bad" };
  }
}
