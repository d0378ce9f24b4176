import { describe, expect, it } from "vitest";
import { en } from "./messages";
import {
  articleSchema,
  categorySchema,
  commentSchema,
  firstMessage,
  isAllowedImageSource,
  newsletterSchema,
  registerSchema,
  tagSchema,
  writerSchema,
} from "./schemas";

function errorOf(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) return "";
  // What the English interface shows: the catalog's wording of the key the schema gives.
  return en[firstMessage(result.error as Parameters<typeof firstMessage>[0])];
}

describe("validation messages (docs/product.md#validation-rules)", () => {
  it("auth form: every field required", () => {
    expect(errorOf(registerSchema, { name: "", email: "a@b.co", password: "longenough" })).toBe(en.allFieldsRequired);
    expect(errorOf(registerSchema, { name: "Sita", email: "a@b.co" })).toBe(en.allFieldsRequired);
  });

  it("newsletter: empty, then invalid e-mail", () => {
    expect(errorOf(newsletterSchema, { email: "  " })).toBe(en.emailRequired);
    for (const bad of ["no-at-sign", "a@b", "a b@c.d", "@b.co"]) {
      expect(errorOf(newsletterSchema, { email: bad })).toBe(en.emailInvalid);
    }
    expect(errorOf(newsletterSchema, { email: "reader@example.com" })).toBe("");
  });

  it("comment: blank or whitespace-only is refused", () => {
    expect(errorOf(commentSchema, { content: " \n\t " })).toBe(en.commentRequired);
    expect(commentSchema.parse({ content: "  Well reported.  " }).content).toBe("Well reported.");
  });

  it("article: title, content and writer required; meta title at most 1000", () => {
    const valid = { title: "T", content: "<p>x</p>", writer_id: "3" };
    expect(errorOf(articleSchema, { ...valid, title: " " })).toBe(en.articleRequired);
    expect(errorOf(articleSchema, { ...valid, content: "" })).toBe(en.articleRequired);
    expect(errorOf(articleSchema, { ...valid, writer_id: "" })).toBe(en.articleRequired);
    expect(errorOf(articleSchema, { title: "T", content: "<p>x</p>" })).toBe(en.articleRequired);
    expect(errorOf(articleSchema, { ...valid, meta_title: "x".repeat(1001) })).toBe(en.metaTitleTooLong);
    expect(errorOf(articleSchema, { ...valid, title: "x".repeat(501) })).toBe(en.titleTooLong);
    expect(errorOf(articleSchema, { ...valid, meta_description: "x".repeat(5001) })).toBe(en.metaDescriptionTooLong);
    expect(errorOf(categorySchema, { name: "x".repeat(201) })).toBe(en.fieldTooLong);
    expect(errorOf(articleSchema, { ...valid, meta_title: "x".repeat(1000) })).toBe("");
  });

  it("article: multipart strings become typed values", () => {
    const parsed = articleSchema.parse({
      title: "T",
      content: "<p>x</p>",
      writer_id: "3",
      is_published: "true",
      is_featured: "false",
      tags: "[1,2]",
      related_news_ids: "[]",
      category_id: "",
    });
    expect(parsed).toMatchObject({ writer_id: 3, is_published: true, is_featured: false, tags: [1, 2], related_news_ids: [], category_id: null });
  });

  it("category, tag and writer names", () => {
    expect(errorOf(categorySchema, { name: "   " })).toBe(en.categoryNameRequired);
    expect(errorOf(tagSchema, {})).toBe(en.tagNameRequired);
    expect(errorOf(writerSchema, { name: " ", email: "w@x.co" })).toBe(en.writerRequired);
    expect(errorOf(writerSchema, { name: "Ram", email: "  " })).toBe(en.writerRequired);
  });

  it("editor images: only http, https and data URLs", () => {
    expect(isAllowedImageSource("https://example.com/a.jpg")).toBe(true);
    expect(isAllowedImageSource("http://example.com/a.jpg")).toBe(true);
    expect(isAllowedImageSource("data:image/png;base64,iVBORw0KGgo=")).toBe(true);
    expect(isAllowedImageSource("javascript:alert(1)")).toBe(false);
    expect(isAllowedImageSource("data:text/html;base64,PHNjcmlwdD4=")).toBe(false);
    expect(isAllowedImageSource("ftp://example.com/a.jpg")).toBe(false);
  });
});
