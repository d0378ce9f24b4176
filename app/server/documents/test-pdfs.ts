/**
 * PDFs built for the tests, one for each way a file leaks (issue 38), each hiding a word of its own
 * so a test can look for that word in the bytes after preparation. Made with pdf-lib, by its
 * drawing API where it has one and by writing the PDF objects where it has not (annotations,
 * layers, an incremental update).
 */
import {
  degrees,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  rgb,
  setTextRenderingMode,
  StandardFonts,
  TextRenderingMode,
  type PDFPage,
} from "pdf-lib";
import { deflateSync } from "node:zlib";

const SIZE: [number, number] = [400, 300];

const xmpCreator = (name: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${name}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/**
 * A 16 × 16 grey JPEG 2000 file written by OpenJPEG's opj_compress 2.5.0 (`-C "scanner KX"`): its
 * codestream's main header holds that comment.
 */
const JP2_PICTURE =
  "AAAADGpQICANCocKAAAAFGZ0eXBqcDIgAAAAAGpwMiAAAAAtanAyaAAAABZpaGRyAAAAEAAAABAAAQcHAAAAAAAPY29scgEAAAAAABEAAACAanAyY/9P/1EAKQAAAAAAEAAAABAAAAAAAAAAAAAAABAAAAAQAAAAAAAAAAAAAQcBAf9SAAwAAAABAAAEBAAB/1wABEBA/2QADgABc2Nhbm5lciBLWP+QAAoAAAAAACUAAf+T3VQSN2XZZE94e0TZ7D5Qosb8bEfzWRb/2Q==";
export const JP2_COMMENT = "scanner KX";

function box(type: string, content: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(content.length + 8, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, content]);
}

async function start(pages = 1) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const list: PDFPage[] = [];
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(SIZE);
    page.setFont(font);
    page.drawText(`Public text on page ${i + 1}`, { x: 30, y: 250, size: 12 });
    list.push(page);
  }
  return { doc, pages: list };
}

/** The hidden word is written at (40, 150), 14 points: about 40–150 × 147–162. */
function secret(page: PDFPage, word: string, options: Parameters<PDFPage["drawText"]>[1] = {}) {
  page.drawText(word, { x: 40, y: 150, size: 14, ...options });
}

function annotate(doc: PDFDocument, page: PDFPage, entries: Record<string, unknown>) {
  page.node.addAnnot(doc.context.register(doc.context.obj({ Type: "Annot", Rect: [35, 140, 200, 170], ...entries } as never)));
}

export const leaky = {
  async blackBox(word: string) {
    const { doc, pages } = await start(2);
    secret(pages[1]!, word);
    pages[1]!.drawRectangle({ x: 35, y: 140, width: 160, height: 30, color: rgb(0, 0, 0) });
    return doc.save();
  },
  /** A picture with an alpha channel, every pixel opaque, pasted over the words. */
  async imageOverText(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word);
    pages[0]!.drawImage(await doc.embedPng(greyPng(16, 4, 255)), { x: 35, y: 140, width: 160, height: 30 });
    return doc.save();
  },
  async whiteBox(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word);
    pages[0]!.drawRectangle({ x: 35, y: 140, width: 160, height: 30, color: rgb(1, 1, 1) });
    return doc.save();
  },
  async highlight(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word);
    annotate(doc, pages[0]!, { Subtype: "Highlight", C: [0, 0, 0], QuadPoints: [35, 170, 200, 170, 35, 140, 200, 140] });
    return doc.save();
  },
  async redactAnnotation(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word);
    annotate(doc, pages[0]!, { Subtype: "Redact", IC: [0, 0, 0] });
    return doc.save();
  },
  async author(name: string) {
    const { doc } = await start();
    doc.setAuthor(name);
    doc.setTitle(`Notes from ${name}`);
    return doc.save();
  },
  async xmp(name: string) {
    const { doc } = await start();
    const stream = doc.context.flateStream(xmpCreator(name), { Type: "Metadata", Subtype: "XML" });
    doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
    return doc.save();
  },
  /** A JPEG 2000 picture whose file names the word as its XMP creator, in an `xml ` box and in XMP's `uuid` box. */
  async jpeg2000Picture(name: string) {
    const { doc, pages } = await start();
    const picture = Buffer.from(JP2_PICTURE, "base64");
    const codestreamAt = picture.indexOf("jp2c") - 4;
    const xmp = Buffer.from(xmpCreator(name));
    const jp2 = Buffer.concat([picture.subarray(0, codestreamAt), box("xml ", xmp), box("uuid", Buffer.concat([Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex"), xmp])), picture.subarray(codestreamAt)]);
    const image = doc.context.register(doc.context.stream(jp2, { Type: "XObject", Subtype: "Image", Width: 16, Height: 16, Filter: "JPXDecode" }));
    pages[0]!.node.setXObject(PDFName.of("Pic"), image);
    pages[0]!.pushOperators(PDFOperator.of(PDFOperatorNames.PushGraphicsState), PDFOperator.of(PDFOperatorNames.ConcatTransformationMatrix, [160, 0, 0, 160, 200, 20].map((n) => doc.context.obj(n))), PDFOperator.of(PDFOperatorNames.DrawObject, [PDFName.of("Pic")]), PDFOperator.of(PDFOperatorNames.PopGraphicsState));
    return doc.save();
  },
  /** The word is on the page, then an update appended to the file draws the page without it. */
  async incrementalUpdate(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word);
    const original = await doc.save({ useObjectStreams: false });
    const contents = pages[0]!.node.get(PDFName.of("Contents"));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const text = Buffer.from(original).toString("latin1");
    const previous = /startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf("startxref")))![1];
    const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
    const size = /\/Size (\d+)/.exec(text)![1];
    let body = "";
    let xref = "xref\n";
    for (const ref of refs) {
      const number = String(ref).split(" ")[0];
      xref += `${number} 1\n${String(original.length + body.length + 1).padStart(10, "0")} 00000 n \n`;
      body += `\n${number} 0 obj\n<< /Length 3 >>\nstream\nq Q\nendstream\nendobj\n`;
    }
    const update = `${body}${xref}trailer\n<< /Size ${size} /Root ${root} /Prev ${previous} >>\nstartxref\n${original.length + body.length}\n%%EOF\n`;
    return new Uint8Array(Buffer.concat([Buffer.from(original), Buffer.from(update, "latin1")]));
  },
  async embeddedFile(word: string) {
    const { doc } = await start();
    await doc.attach(Buffer.from(`the source is ${word}`), `${word}.txt`, { mimeType: "text/plain" });
    return doc.save();
  },
  async script(word: string) {
    const { doc } = await start();
    doc.addJavaScript("opening", `app.alert("${word}");`);
    return doc.save();
  },
  async hiddenLayer(word: string) {
    const { doc, pages } = await start();
    const layer = doc.context.register(doc.context.obj({ Type: "OCG", Name: PDFString.of("Reporter notes") }));
    doc.catalog.set(PDFName.of("OCProperties"), doc.context.obj({ OCGs: [layer], D: { OFF: [layer] } }));
    const page = pages[0]!;
    page.node.Resources()!.set(PDFName.of("Properties"), doc.context.obj({ Notes: layer }));
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("OC"), PDFName.of("Notes")]));
    secret(page, word);
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    return doc.save();
  },
  /** A page that is one picture, with the picture's words over it in invisible text, as OCR writes them. */
  async scannedWithOcr(word: string) {
    const { doc } = await start(0 as number);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage(SIZE);
    page.drawImage(await doc.embedPng(greyPng(40, 30)), { x: 0, y: 0, width: SIZE[0], height: SIZE[1] });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    page.drawText(word, { x: 40, y: 150, size: 14, font });
    return doc.save();
  },
  async invisibleText(word: string) {
    const { doc, pages } = await start();
    pages[0]!.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    secret(pages[0]!, word);
    return doc.save();
  },
  async whiteOnWhite(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word, { color: rgb(1, 1, 1) });
    return doc.save();
  },
  async offPage(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word, { x: 900 });
    return doc.save();
  },
  async tinyText(word: string) {
    const { doc, pages } = await start();
    secret(pages[0]!, word, { size: 0.1 });
    return doc.save();
  },
  async formField(word: string) {
    const { doc, pages } = await start();
    const field = doc.getForm().createTextField("informant");
    field.setText(word);
    field.addToPage(pages[0]!, { x: 40, y: 60, width: 200, height: 24 });
    return doc.save();
  },
  async fileAttachmentAnnotation(word: string) {
    const { doc, pages } = await start();
    const file = doc.context.register(doc.context.flateStream(`notes on ${word}`, { Type: "EmbeddedFile" }));
    const spec = doc.context.obj({ Type: "Filespec", F: PDFString.of(`${word}.txt`), UF: PDFString.of(`${word}.txt`), EF: { F: file } });
    annotate(doc, pages[0]!, { Subtype: "FileAttachment", Rect: [300, 20, 320, 40], FS: spec });
    return doc.save();
  },
  async thumbnail() {
    const { doc, pages } = await start();
    const thumb = doc.context.stream(new Uint8Array(4 * 4 * 3).fill(128), { Width: 4, Height: 4, ColorSpace: "DeviceRGB", BitsPerComponent: 8 });
    pages[0]!.node.set(PDFName.of("Thumb"), doc.context.register(thumb));
    return doc.save();
  },
};

/** Ordinary pages with text under things a reader sees through: none of it is a finding. */
export const harmless = {
  async watermark() {
    const { doc, pages } = await start();
    secret(pages[0]!, "Visible words");
    pages[0]!.drawImage(await doc.embedPng(greyPng(40, 30, 40)), { x: 0, y: 0, width: SIZE[0], height: SIZE[1] });
    return doc.save();
  },
  async translucentBox() {
    const { doc, pages } = await start();
    secret(pages[0]!, "Visible words");
    pages[0]!.drawRectangle({ x: 35, y: 140, width: 160, height: 30, color: rgb(1, 1, 0), opacity: 0.3 });
    return doc.save();
  },
};

/** Redacted as it should be: the words taken out of the page, and a black box where they stood. */
export async function correctlyRedacted() {
  const { doc, pages } = await start();
  pages[0]!.drawRectangle({ x: 35, y: 140, width: 160, height: 30, color: rgb(0, 0, 0) });
  pages[0]!.drawText("after the box", { x: 40, y: 100, size: 12 });
  return doc.save();
}

/** Ordinary pages, "Public text on page N" at (30, 250) in 12-point Helvetica on each, for drawing them (render.ts). */
export const plain = {
  async pages(count: number) {
    const { doc } = await start(count);
    return doc.save();
  },
  /** Turned a quarter clockwise: shown 300 points wide and 400 high, its text running down. */
  async turned() {
    const { doc, pages } = await start();
    pages[0]!.setRotation(degrees(90));
    return doc.save();
  },
  /** A receipt's shape: 400 points wide and 4,000 high. */
  async tall() {
    const { doc, pages } = await start();
    pages[0]!.setSize(400, 4000);
    return doc.save();
  },
};

/** A plain grey PNG, with an alpha channel when `alpha` is given, written here so the tests need no image files. */
function greyPng(width: number, height: number, alpha?: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, alpha === undefined ? 0 : 6, 0, 0, 0], 8);
  const pixel = alpha === undefined ? [0xb0] : [0x60, 0x60, 0x60, alpha];
  const rowLength = 1 + width * pixel.length;
  const rows = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set(pixel, y * rowLength + 1 + x * pixel.length);
  return new Uint8Array(
    Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]),
  );
}
