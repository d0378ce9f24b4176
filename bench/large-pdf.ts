// A large PDF as a newsroom receives one: each page a scan-like picture under a column of text,
// some of it under a black box (every tenth page). 100 pages make about 20 MB. Used by the
// documents benchmarks (documents-examine.ts, documents-load.ts).
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

export async function largePdf(pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let number = 1; number <= pageCount; number++) {
    const canvas = createCanvas(900, 1270);
    const context = canvas.getContext("2d");
    const pixels = context.createImageData(900, 1270);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const grey = 200 + ((i * 7919 + number * 104729) % 56);
      pixels.data.set([grey, grey, grey, 255], i);
    }
    context.putImageData(pixels, 0, 0);
    const image = await doc.embedJpg(new Uint8Array(await canvas.encode("jpeg", 75)));
    const page = doc.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    for (let line = 0; line < 45; line++) {
      page.drawText(`Page ${number}, line ${line}: the contract between the ministry and the supplier, clause ${line}.`, { x: 40, y: 800 - line * 17, size: 10, font });
    }
    if (number % 10 === 0) page.drawRectangle({ x: 35, y: 400, width: 300, height: 30, color: rgb(0, 0, 0) });
  }
  return doc.save();
}
