/**
 * What an examination of a PDF reports (issue 38): each way a file can leak what an editor meant to
 * hide or never meant to publish. The kinds are the issue's, word for word, since the API and the
 * back office will name them too.
 */
export const FINDING_KINDS = [
  "text_under_box",
  "text_under_annotation",
  "hidden_text",
  "ocr_layer",
  "metadata",
  "previous_versions",
  "embedded_file",
  "javascript",
  "form_fields",
  "attachments_in_annotations",
  "thumbnails",
  "layers",
] as const;

export type FindingKind = (typeof FINDING_KINDS)[number];

/**
 * `page` counts from 1, or is null for what belongs to the whole file (metadata, a script run on
 * opening). `rect` is in PDF points from the page's top-left corner as it is shown (rotation
 * applied), so a page render at any scale can place it; null when the finding has no area.
 * `text` is what would leak: the hidden words, a metadata value, an attachment's name.
 */
export interface Finding {
  kind: FindingKind;
  page: number | null;
  rect: [number, number, number, number] | null;
  text: string;
  /** With a `rect`: the page's shown width and height in points, to place the rect on a picture of any width. */
  pageSize?: [number, number];
}

export interface Examination {
  pages: number;
  sha256: string;
  findings: Finding[];
}

/** Sent while an examination runs, once per page read, so a large file can show its progress. */
export interface ExaminationProgress {
  page: number;
  pages: number;
}
