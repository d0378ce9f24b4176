import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { fileBytes, readFormData } from "./form-body";

/** A request carrying `form` as the browser would send it (multipart, with its boundary). */
async function multipart(form: FormData): Promise<Request> {
  const encoded = new Response(form);
  return new Request("http://localhost/api/documents", {
    method: "POST",
    headers: { "content-type": encoded.headers.get("content-type")! },
    body: await encoded.arrayBuffer(),
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; key: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, key: (error as AppError).key };
}

describe("readFormData", () => {
  it("gives the fields and the file as they were sent, a Nepali file name included", async () => {
    const sent = new FormData();
    sent.append("title_ne", "ठेक्का सम्झौता");
    sent.append("file", new File([new Uint8Array([37, 80, 68, 70, 45, 0, 255])], "ठेक्का.pdf", { type: "application/pdf" }));
    const form = await readFormData(await multipart(sent), 1024, ["file"]);
    expect(form.get("title_ne")).toBe("ठेक्का सम्झौता");
    const file = form.get("file") as File;
    expect(file.name).toBe("ठेक्का.pdf");
    expect(file.type).toBe("application/pdf");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([37, 80, 68, 70, 45, 0, 255]);
  });

  it("reads a urlencoded form", async () => {
    const request = new Request("http://localhost/tip", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "message=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87&contact=",
    });
    const form = await readFormData(request, 1024, []);
    expect(form.get("message")).toBe("नमस्ते");
    expect(form.get("contact")).toBe("");
  });

  it("refuses a file under a name the endpoint does not take, naming the field", async () => {
    const sent = new FormData();
    sent.append("attachment", new File(["x"], "x.pdf"));
    const error = await readFormData(await multipart(sent), 1024, ["file"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, key: "unknownFileField", values: { field: "attachment" } });
  });

  it("refuses a body over the limit, whether declared or only sent, and a field that alone exceeds it", async () => {
    const big = new FormData();
    big.append("file", new File([new Uint8Array(4096)], "big.pdf"));
    expect(await refusal(readFormData(await multipart(big), 1024, ["file"]))).toEqual({ status: 413, key: "requestTooLarge" });

    const undeclared = await multipart(big);
    const streamed = new Request(undeclared.url, { method: "POST", headers: { "content-type": undeclared.headers.get("content-type")! }, body: undeclared.body, duplex: "half" } as RequestInit);
    expect(streamed.headers.get("content-length")).toBeNull();
    expect(await refusal(readFormData(streamed, 1024, ["file"]))).toEqual({ status: 413, key: "requestTooLarge" });
  });

  it("refuses a body that is not a well-formed form as invalid input", async () => {
    const sent = new FormData();
    sent.append("file", new File(["%PDF-1.7 whole"], "a.pdf"));
    const whole = await multipart(sent);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const cut = new Request(whole.url, { method: "POST", headers: { "content-type": whole.headers.get("content-type")! }, body: bytes.subarray(0, bytes.byteLength - 30) });
    expect(await refusal(readFormData(cut, 1024, ["file"]))).toEqual({ status: 400, key: "invalidInput" });

    const json = new Request("http://localhost/api/documents", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await refusal(readFormData(json, 1024, ["file"]))).toEqual({ status: 400, key: "invalidInput" });
  });
});

describe("fileBytes", () => {
  it("copies a file of many chunks, read from a form, byte for byte into a buffer of its own", async () => {
    const sent = new Uint8Array(3 * 1024 * 1024 + 12_345).map((_, index) => (index * 7 + (index >> 13)) & 0xff);
    const form = new FormData();
    form.append("file", new File([sent], "ledger.pdf", { type: "application/pdf" }));
    const file = (await readFormData(await multipart(form), sent.byteLength + 4096, ["file"])).get("file") as File;
    const bytes = await fileBytes(file);
    expect(bytes.byteLength).toBe(sent.byteLength);
    expect(bytes.buffer.byteLength).toBe(sent.byteLength);
    expect(Buffer.from(bytes).equals(Buffer.from(sent))).toBe(true);
    expect((await fileBytes(new File([], "empty.pdf"))).byteLength).toBe(0);
  });
});
