/**
 * What a PDF carries besides its pages' drawing: document information and XMP, embedded files,
 * scripts, form fields, file attachments on annotations, page thumbnails, optional content hidden
 * from view, and the EXIF, XMP and IPTC of the JPEG photos it holds. Read from the file's objects with pdf-lib, every object looked at once, so a
 * script or a file that no tree points to is found too.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFObject } from "pdf-lib";
import type { Finding } from "./findings";
import { clip, xmpValues } from "./metadata-text";
import { isJpeg2000Image, jpeg2000Metadata } from "./jpeg2000";
import { isJpegImage } from "./pdf-images";

function streamText(stream: PDFStream): string {
  try {
    const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
    return new TextDecoder().decode(bytes);
  } catch {
    return "";
  }
}

function textOf(object: PDFObject | undefined): string {
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText();
  if (object instanceof PDFName) return object.decodeText();
  if (object instanceof PDFStream) return streamText(object);
  return object ? object.toString() : "";
}

export async function structureFindings(bytes: Uint8Array): Promise<Finding[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const { context, catalog } = doc;
  const findings: Finding[] = [];
  const resolve = (object: PDFObject | undefined) => (object instanceof PDFRef ? context.lookup(object) : object);

  // Where each object is first reached from a page, so what hangs off a page is reported on it.
  const pageOf = new Map<PDFObject, number>();
  const pages = doc.getPages();
  const reach = (object: PDFObject | undefined, page: number, depth: number) => {
    const target = resolve(object);
    if (!target || depth > 6 || pageOf.has(target)) return;
    if (target instanceof PDFDict || target instanceof PDFArray || target instanceof PDFStream) pageOf.set(target, page);
    if (target instanceof PDFDict) {
      for (const [key, value] of target.entries()) if (key.asString() !== "/Parent" && key.asString() !== "/P") reach(value, page, depth + 1);
    } else if (target instanceof PDFArray) {
      for (const value of target.asArray()) reach(value, page, depth + 1);
    }
  };
  pages.forEach((page, index) => {
    for (const key of ["Annots", "AA", "Thumb", "Metadata"]) reach(page.node.get(PDFName.of(key)), index + 1, 0);
    if (page.node.get(PDFName.of("Thumb"))) findings.push({ kind: "thumbnails", page: index + 1, rect: null, text: "" });
  });

  const info = resolve(context.trailerInfo.Info);
  if (info instanceof PDFDict) {
    for (const [key, value] of info.entries()) {
      const text = clip(textOf(resolve(value)));
      if (text) findings.push({ kind: "metadata", page: null, rect: null, text: `${key.decodeText()}: ${text}` });
    }
  }

  // Every dictionary in the file, and those written inside others (an annotation's action often is).
  const everything: PDFObject[] = [];
  const gather = (object: PDFObject, depth: number) => {
    everything.push(object);
    if (depth > 8) return;
    const entries = object instanceof PDFDict ? object.values() : object instanceof PDFArray ? object.asArray() : object instanceof PDFStream ? object.dict.values() : [];
    for (const value of entries) if (value instanceof PDFDict || value instanceof PDFArray) gather(value, depth + 1);
  };
  for (const [, object] of context.enumerateIndirectObjects()) gather(object, 0);

  const fileNames = new Map<PDFObject, string>();
  for (const object of everything) {
    const files = object instanceof PDFDict ? resolve(object.get(PDFName.of("EF"))) : undefined;
    if (!(object instanceof PDFDict) || !(files instanceof PDFDict)) continue;
    const name = clip(textOf(resolve(object.get(PDFName.of("UF")) ?? object.get(PDFName.of("F")))));
    for (const file of files.values()) {
      const stream = resolve(file);
      if (stream) fileNames.set(stream, name);
    }
  }

  for (const object of everything) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (!dict) continue;
    const page = pageOf.get(object) ?? null;
    const type = dict.get(PDFName.of("Type"));
    const subtype = dict.get(PDFName.of("Subtype"));
    if (object instanceof PDFStream && (type === PDFName.of("Metadata") || subtype === PDFName.of("XML"))) {
      const values = xmpValues(streamText(object));
      for (const value of values.length ? values : ["XMP"]) findings.push({ kind: "metadata", page, rect: null, text: clip(value) });
    }
    if (object instanceof PDFStream && (type === PDFName.of("EmbeddedFile") || fileNames.has(object))) {
      findings.push({ kind: page ? "attachments_in_annotations" : "embedded_file", page, rect: null, text: fileNames.get(object) ?? "" });
    }
    if (object instanceof PDFRawStream && isJpegImage(dict)) {
      // sharp reads a JPEG's metadata; it is loaded only for a file that holds one (worker.ts).
      const { imageMetadataFindings } = await import("./image-examine");
      for (const finding of await imageMetadataFindings(object.getContents())) findings.push({ ...finding, page });
    }
    if (object instanceof PDFRawStream && isJpeg2000Image(dict)) {
      for (const text of jpeg2000Metadata(object.getContents())) findings.push({ kind: "metadata", page, rect: null, text: clip(text) });
    }
    if (dict.get(PDFName.of("S")) === PDFName.of("JavaScript") || dict.has(PDFName.of("JS"))) {
      findings.push({ kind: "javascript", page, rect: null, text: clip(textOf(resolve(dict.get(PDFName.of("JS"))))) });
    }
  }

  const form = resolve(catalog.get(PDFName.of("AcroForm")));
  if (form instanceof PDFDict && form.has(PDFName.of("XFA"))) findings.push({ kind: "form_fields", page: null, rect: null, text: "XFA" });
  return findings;
}
