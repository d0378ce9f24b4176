/**
 * Evidence documents over HTTP (issue 38): what a client sends and reads back. The rules themselves
 * (findings, preparation, the override) are tested on the service, with the real worker
 * (app/server/services/documents.test.ts); who may call what is in permissions.test.ts.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { en } from "~/lib/messages";
import { ne } from "~/lib/messages.ne";
import { leaky } from "~/server/documents/test-pdfs";
import { asAdmin, call, newReader } from "./client";
import { documentForm, examinedDocument } from "./document-fixtures";

const WORD = "KALIMATISOURCE";

describe("POST /api/documents", () => {
  it("answers 201 at once with the upload examining, and keeps the original out of /uploads", async () => {
    const bytes = await leaky.blackBox(WORD);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const res = await call("/api/documents", { method: "POST", token: await asAdmin(), form: await documentForm("Procurement letters", bytes) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.document).toMatchObject({ id: expect.any(Number), status: "examining", sha256, pages: null, findings: [], slug: expect.stringMatching(/^procurement-letters/) });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    expect((await call(`/uploads/${sha256}.pdf`)).status).toBe(404);
    const folder = path.join(inject("dataDir"), "uploads");
    const stored = await Promise.all((await readdir(folder)).map(async (name) => createHash("sha256").update(await readFile(path.join(folder, name))).digest("hex")));
    expect(stored).not.toContain(sha256);
  });

  it("refuses a file that is not a PDF with 415, in the client's language", async () => {
    const form = await documentForm("Not a PDF", new TextEncoder().encode("GIF89a, a picture"));
    const english = await call("/api/documents", { method: "POST", token: await asAdmin(), form });
    expect(english.status).toBe(415);
    expect(english.body).toEqual({ error: en.documentNotPdf, code: "document_not_pdf" });
    const nepali = await call("/api/documents?lang=ne", { method: "POST", token: await asAdmin(), form });
    expect(nepali.body).toEqual({ error: ne.documentNotPdf, code: "document_not_pdf" });
  });

  it("asks for a title and a file", async () => {
    const untitled = await documentForm("");
    const res = await call("/api/documents", { method: "POST", token: await asAdmin(), form: untitled });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.documentTitleRequired, code: "document_title_required" });
    const fileless = new FormData();
    fileless.set("title_en", "No file");
    expect((await call("/api/documents", { method: "POST", token: await asAdmin(), form: fileless })).body).toEqual({ error: en.noFile, code: "no_file" });
  });
});

describe("GET /api/documents/{id}", () => {
  it("is 404 to the public and to readers while unpublished, the same as a document that does not exist", async () => {
    const { id } = await examinedDocument();
    const missing = await call("/api/documents/999999999");
    for (const token of [null, (await newReader()).token]) {
      const res = await call(`/api/documents/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(res.body).toEqual({ error: en.documentNotFound, code: "document_not_found" });
    }
  });

  it("gives the newsroom the whole document, by id or by slug", async () => {
    const { id } = await examinedDocument();
    const byId = await call(`/api/documents/${id}`, { token: await asAdmin() });
    expect(byId.status).toBe(200);
    expect(byId.body.document).toMatchObject({ id, original: { name: "papers.pdf" }, prepared: null, published_at: null, url: null });
    expect(["needs_review", "clean", "failed"]).toContain(byId.body.document.status);
    const bySlug = await call(`/api/documents/${byId.body.document.slug}`, { token: await asAdmin() });
    expect(bySlug.body).toEqual(byId.body);
  });
});

describe("POST /api/documents/{id}/publish", () => {
  it("refuses an unprepared document with 409, in the client's language", async () => {
    const { id } = await examinedDocument();
    const res = await call(`/api/documents/${id}/publish?lang=ne`, { method: "POST", token: await asAdmin(), json: {} });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: ne.documentNotPrepared, code: "document_not_prepared" });
  });

  it("asks for a written reason when an override is sent without one", async () => {
    const { id } = await examinedDocument();
    const res = await call(`/api/documents/${id}/publish`, { method: "POST", token: await asAdmin(), json: { override: { reason: " " } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.overrideReasonRequired, code: "override_reason_required" });
  });
});
