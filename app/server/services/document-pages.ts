/**
 * What readers get of a published document (issue 38), drawn once when an editor publishes it:
 * the prepared file, each page's picture and thumbnail, and the text that lies on each page, all
 * in the public media store under names taken from the file's sha256 (the same file published
 * twice is the same files). Readers' pages point at them; no PDF code ever runs in a reader's
 * browser. Until this is done the document is not published: readers see all of it or nothing.
 */
import { eq } from "drizzle-orm";
import type { DocumentTextJson } from "~/lib/api-types";
import type { Executor } from "../db/connection";
import { type PageSize, documents } from "../db/schema";
import type { RenderedPage } from "../documents/render";
import type { documentWorker } from "../documents/worker-pool";
import { type MediaStorage, UPLOADS_URL_PREFIX } from "../storage";
import { contentTypeOf } from "../storage/media-names";
import { readDocumentFile, sha256Of } from "./document-files";

type Renderer = Pick<ReturnType<typeof documentWorker>, "render">;

/** The public names of a published file and of what is drawn from it. */
export const publishedNames = (sha256: string) => ({
  file: `${sha256}.pdf`,
  page: (number: number) => `${sha256}-p${number}.webp`,
  /** Named as an upload's smaller widths are (`abc.jpg` → `abc-480w.jpg`, responsive-images.ts). */
  phonePage: (number: number, width: number) => `${sha256}-p${number}-${width}w.webp`,
  thumbnail: (number: number) => `${sha256}-t${number}.webp`,
  text: `${sha256}-text.json`,
});

/**
 * Stores `bytes` under `name` unless a file is stored there already: names come from a sha256, so
 * what is there is the same (a job taken over half-way, or the same file published twice).
 */
async function saveOnce(storage: MediaStorage, name: string, bytes: Uint8Array): Promise<string> {
  try {
    return await storage.save(name, bytes, contentTypeOf(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return UPLOADS_URL_PREFIX + name;
  }
}

/**
 * The document's prepared file, checked against the sha256 it was examined under, and every page
 * drawn from it, written to the public store; answers the columns that say where they are, and
 * the file's text (for search).
 */
export async function publishPages(
  db: Executor,
  worker: Renderer,
  storage: MediaStorage,
  documentId: number,
  onProgress: (progress: { page: number; pages: number }) => void,
): Promise<{ publishedUrl: string; pageSizes: PageSize[]; hasText: boolean; text: string }> {
  const [row] = await db.select({ sha256: documents.preparedSha256 }).from(documents).where(eq(documents.id, documentId));
  const bytes = await readDocumentFile(db, documentId, "prepared");
  if (!row?.sha256 || !bytes || (await sha256Of(bytes)) !== row.sha256) throw new Error(`document ${documentId}: the stored prepared file does not match its sha256`);
  const names = publishedNames(row.sha256);
  const publishedUrl = await saveOnce(storage, names.file, bytes);
  const pageSizes: PageSize[] = [];
  const text: DocumentTextJson = { pages: [] };
  // The worker takes the bytes it is given; the file above was stored from them first.
  await worker.render(bytes, async (page: RenderedPage) => {
    await saveOnce(storage, names.page(page.page), page.image.bytes);
    await saveOnce(storage, names.thumbnail(page.page), page.thumbnail.bytes);
    if (page.phone) await saveOnce(storage, names.phonePage(page.page, page.phone.width), page.phone.bytes);
    const drawn = page.phone ? { drawn: page.image.width, phone: page.phone.width } : {};
    pageSizes.push({ width: round(page.size.width), height: round(page.size.height), ...drawn });
    text.pages.push({ number: page.page, runs: page.text });
    onProgress({ page: page.page, pages: page.pages });
  });
  const hasText = text.pages.some((page) => page.runs.length > 0);
  if (hasText) await saveOnce(storage, names.text, new TextEncoder().encode(JSON.stringify(text)));
  return { publishedUrl, pageSizes, hasText, text: text.pages.map((page) => page.runs.map((run) => run.text).join(" ")).join("\n") };
}

/** Takes down a published file and everything drawn from it (a withdrawal); a name already gone is no error. */
export async function removePublishedFiles(storage: MediaStorage, sha256: string, pages: readonly PageSize[]): Promise<void> {
  const names = publishedNames(sha256);
  const drawn = pages.flatMap((size, index) => [
    names.page(index + 1),
    names.thumbnail(index + 1),
    ...(size.phone ? [names.phonePage(index + 1, size.phone)] : []),
  ]);
  for (const name of [names.file, names.text, ...drawn]) await storage.remove(name);
}

const round = (points: number) => Math.round(points * 100) / 100;

/** A page of a file the back office may look at, drawn now: the only picture of an unpublished file, never stored. */
export async function drawPage(worker: Renderer, bytes: Uint8Array, page: number): Promise<Uint8Array<ArrayBuffer> | null> {
  let image: Uint8Array<ArrayBuffer> | null = null;
  await worker.render(
    bytes,
    (drawn) => {
      image = drawn.image.bytes;
    },
    { page },
  );
  return image;
}
