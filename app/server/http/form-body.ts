/**
 * Form bodies (multipart or urlencoded), read as they arrive. The parser built into fetch reads a
 * multipart body in one synchronous pass once it is whole: 170 ms for a 20 MB document, during which
 * no reader was answered. busboy takes the body a chunk at a time, so the thread that answers
 * readers is never held for longer than a chunk, and a refused file is refused before it is read.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "../errors";
import { yieldToRequests } from "../platform/yield-to-requests";

/**
 * A form body of at most `maxBytes`. A file under a name the endpoint does not take (`fileFields`)
 * is refused, naming the field, rather than silently dropped: the client would believe it was stored.
 */
export async function readFormData(request: Request, maxBytes: number, fileFields: RegExp | string[]): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError(413, "requestTooLarge");
  const form = new FormData();
  if (!request.body) return form;
  const takesFile = (field: string) => (Array.isArray(fileFields) ? fileFields.includes(field) : fileFields.test(field));
  let parser: busboy.Busboy;
  try {
    // Field values may be as large as the body (an article's text); file names are UTF-8, as browsers send them.
    parser = busboy({ headers: { "content-type": request.headers.get("content-type") ?? "" }, defParamCharset: "utf8", limits: { fieldSize: maxBytes } });
  } catch {
    throw new AppError(400, "invalidInput");
  }
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve, reject) => {
    let received = 0;
    let failed = false;
    const fail = (error: AppError) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      body.destroy();
      reject(error);
    };
    body.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes) fail(new AppError(413, "requestTooLarge"));
    });
    body.on("error", () => fail(new AppError(400, "invalidInput")));
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new AppError(413, "requestTooLarge"));
      else form.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      // A body cut off inside a file fails the file's stream as well as the parser: unheard, it would stop the process.
      stream.on("error", () => fail(new AppError(400, "invalidInput")));
      if (!takesFile(name)) {
        stream.resume();
        return fail(new AppError(400, "unknownFileField", { field: name }));
      }
      const chunks: Buffer<ArrayBuffer>[] = [];
      stream.on("data", (chunk: Buffer<ArrayBuffer>) => chunks.push(chunk));
      stream.on("end", () => form.append(name, new File(chunks, info.filename ?? "", { type: info.mimeType })));
    });
    parser.on("error", () => fail(new AppError(400, "invalidInput")));
    parser.on("close", () => {
      if (!failed) resolve();
    });
    body.pipe(parser);
  });
  return form;
}

/** What `fileBytes` copies between two turns of the event loop. */
const COPY_SLICE_BYTES = 1024 * 1024;

/**
 * An uploaded file's bytes in a buffer of their own, copied a megabyte at a time with the event loop
 * let go between. `file.arrayBuffer()` copied a 22 MB upload in one run of microtasks on the thread
 * that answers readers: 156 ms, with its page faults, under load (perf, issue 38).
 */
export async function fileBytes(file: Blob): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(file.size);
  let offset = 0;
  let sinceTurn = 0;
  const reader = file.stream().getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
    sinceTurn += chunk.byteLength;
    if (sinceTurn >= COPY_SLICE_BYTES) {
      sinceTurn = 0;
      await yieldToRequests();
    }
  }
  return bytes;
}
