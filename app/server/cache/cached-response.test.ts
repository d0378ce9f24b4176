import { describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { CachedResponse, preferredEncoding } from "./cached-response";

describe("a stored answer", () => {
  it("carries its headers once per encoding, without the ones that describe a single transfer", async () => {
    const body = Buffer.from("<p>" + "खुलासा ".repeat(500) + "</p>");
    const stored = new CachedResponse(200, [["Content-Type", "text/html"], ["Date", "x"], ["Vary", "Accept-Language"]], body);
    const br = await stored.encoded("br");
    expect(br.headers).toContain("text/html");
    expect(br.headers).not.toContain("Date");
    expect(br.headers[br.headers.indexOf("Vary") + 1]).toBe("Accept-Encoding, Accept-Language");
    expect(br.headers[br.headers.indexOf("Content-Encoding") + 1]).toBe("br");
    expect(br.headers[br.headers.indexOf("Content-Length") + 1]).toBe(String(br.body.length));
    const identity = await stored.encoded("identity");
    expect(identity.headers).not.toContain("Content-Encoding");
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
    expect(br.headers).not.toContain("Content-Encoding");
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
});
