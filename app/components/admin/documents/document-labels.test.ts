import { describe, expect, it } from "vitest";
import type { DocumentJson } from "~/lib/api-types";
import { en } from "~/lib/messages";
import { ne } from "~/lib/messages.ne";
import { languageConfig } from "~/lib/languages";
import { documentStatus, findingKind, findingsByPage } from "./document-labels";

const finding = (kind: string, page: number | null) => ({ kind, page, rect: null, text: `${kind} on ${page}`, page_size: null });

const document = (fields: Partial<DocumentJson>): DocumentJson => ({ status: "clean", findings: [], progress: null, failure: null, published_at: null, ...fields }) as DocumentJson;

describe("a document's findings and state, as the back office words them", () => {
  it("groups findings by page, what concerns the whole file first, pages in order", () => {
    const groups = findingsByPage([finding("hidden_text", 3), finding("metadata", null), finding("text_under_box", 1), finding("layers", 3)]);
    expect(groups.map((group) => [group.page, group.findings.map((f) => f.kind)])).toEqual([
      [null, ["metadata"]],
      [1, ["text_under_box"]],
      [3, ["hidden_text", "layers"]],
    ]);
  });

  it("explains every kind the examination reports, and names an unknown one by its code", () => {
    for (const kind of ["text_under_box", "text_under_annotation", "hidden_text", "ocr_layer", "metadata", "previous_versions", "embedded_file", "javascript", "form_fields", "attachments_in_annotations", "thumbnails", "layers"]) {
      expect(findingKind(en, kind).help).toBeTruthy();
    }
    expect(findingKind(en, "something_new")).toEqual({ name: "something_new", help: null });
  });

  it("says how far an examination has read, in the interface's digits", () => {
    const examining = document({ status: "examining", progress: { page: 12, pages: 100 } });
    expect(documentStatus(examining, en, languageConfig("en").formatNumber).label).toBe("Examining: page 12 of 100");
    expect(documentStatus(examining, ne, languageConfig("ne").formatNumber).label).toBe("जाँच हुँदैछ: १०० मध्ये पृष्ठ १२");
  });

  it("counts what needs review, gives a failure's reason, and puts publication above the rest", () => {
    const format = languageConfig("en").formatNumber;
    expect(documentStatus(document({ status: "needs_review", findings: [finding("metadata", null), finding("javascript", null)] }), en, format)).toEqual({ label: "Needs review: 2 found", tone: "warning" });
    expect(documentStatus(document({ status: "failed", failure: "The file could not be read as a PDF." }), en, format).label).toBe("Failed: The file could not be read as a PDF.");
    expect(documentStatus(document({ status: "needs_review", published_at: "2026-11-28T05:00:00.000Z" }), en, format).label).toBe("Published");
    expect(documentStatus(document({ status: "publishing" }), en, format).label).toBe("Publishing");
  });
});
