import { describe, expect, it } from "vitest";
import { type IncomingMessage, get, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { CachedResponse, preferredEncoding, sendCached } from "./cached-response";

describe("a stored answer", () => {
  it("carries its headers once per encoding, without the ones that describe a single transfer", async () => {
    const body = Buffer.from("<p>" + "खुलासा ".repeat(500) + "</p>");
    const stored = new CachedResponse(200, [["Content-Type", "text/html"], ["Date", "x"], ["Vary", "Accept-Language"]], body);
    const br = await stored.encoded("br");
    expect(br.headers).toContain("text/html");
    expect(br.headers).not.toContain("date");
    expect(br.headers[br.headers.indexOf("vary") + 1]).toBe("Accept-Encoding, Accept-Language");
    expect(br.headers[br.headers.indexOf("content-encoding") + 1]).toBe("br");
    expect(br.headers[br.headers.indexOf("content-length") + 1]).toBe(String(br.body.length));
    const identity = await stored.encoded("identity");
    expect(identity.headers).not.toContain("content-encoding");
    expect(identity.body).toBe(body);
  });

  it("compresses for the first reader who asks for an encoding, once, and counts the bytes it adds", async () => {
    const body = Buffer.from("<p>" + "procurement ".repeat(500) + "</p>");
    const stored = new CachedResponse(200, [], body);
    const grown: number[] = [];
    stored.onGrow = (bytes) => grown.push(bytes);
    expect(stored.bytes).toBe(body.length);
    const first = stored.encoded("gzip");
    expect(first).toBeInstanceOf(Promise);
    expect(stored.encoded("gzip")).toBe(first);
    const gzip = await first;
    expect(gunzipSync(gzip.body).equals(body)).toBe(true);
    expect(stored.encoded("gzip")).toBe(gzip);
    expect(grown).toEqual([gzip.body.length]);
    expect(stored.bytes).toBe(body.length + gzip.body.length);
  });

  it("sends a small answer as it is, whatever the reader accepts", async () => {
    const stored = new CachedResponse(200, [], Buffer.from("{}"));
    const br = await stored.encoded("br");
    expect(br.headers).not.toContain("content-encoding");
    expect(br.body.toString()).toBe("{}");
  });

  it("gives equal bodies equal ETags and different bodies different ones", () => {
    const a = new CachedResponse(200, [], Buffer.from("a"));
    expect(new CachedResponse(200, [], Buffer.from("a")).etag).toBe(a.etag);
    expect(new CachedResponse(200, [], Buffer.from("b")).etag).not.toBe(a.etag);
  });
});

describe("choosing an encoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0")).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBe("identity");
  });

  it("chooses the same for a header asked again, among more distinct headers than it remembers", () => {
    for (let n = 0; n < 100; n++) expect(preferredEncoding(`gzip;q=0.${n % 9 + 1}, deflate, x-${n}`)).toBe("gzip");
    expect(preferredEncoding("gzip;q=0.1, deflate, x-0")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
  });
});

/** A server that sends `stored` as the cache sends it before Express, with `id`; the raw response of `headers`. */
async function sentRaw(stored: CachedResponse, id: string, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  const server = createServer((req, res) => sendCached(req, res, stored, "hit", id));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) =>
      get({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
        res.resume();
        res.once("end", () => resolve(res));
      }).once("error", reject),
    );
  } finally {
    server.close();
  }
}

describe("sending a stored answer with the request's id", () => {
  const stored = new CachedResponse(200, [["Content-Type", "text/html"], ["X-Frame-Options", "SAMEORIGIN"], ["Cache-Control", "public, max-age=0"]], Buffer.from("<p>hi</p>"));

  it("sends every stored header once, the id among them, names in lower case", async () => {
    const res = await sentRaw(stored, "request-0001");
    expect(res.statusCode).toBe(200);
    const names = res.rawHeaders.filter((_, n) => n % 2 === 0);
    // Node's own headers of the transfer keep Node's spelling.
    expect(names.filter((name) => name !== name.toLowerCase())).toEqual(["Date", "Connection", "Keep-Alive"]);
    expect(names.filter((name) => name === "x-request-id")).toHaveLength(1);
    expect(res.headers["x-request-id"]).toBe("request-0001");
    expect(res.headers["x-page-cache"]).toBe("hit");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers.etag).toBe(stored.etag);
    expect(res.headers.vary).toBe("Accept-Encoding");
  });

  it("gives a 304 the id too, and leaves the stored list as it was for the next reader", async () => {
    const res = await sentRaw(stored, "request-0002", { "if-none-match": stored.etag });
    expect(res.statusCode).toBe(304);
    expect(res.headers["x-request-id"]).toBe("request-0002");
    expect(res.headers["cache-control"]).toBe("public, max-age=0");
    expect(stored.notModified).not.toContain("x-request-id");
    expect(((await stored.encoded("identity")) as { headers: string[] }).headers).not.toContain("x-request-id");
  });
});
