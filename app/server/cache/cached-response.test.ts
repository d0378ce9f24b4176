import { describe, expect, it } from "vitest";
import { cachedResponse, preferredEncoding } from "./cached-response";

describe("a stored answer", () => {
  it("carries its headers once per encoding, without the ones that describe a single transfer", async () => {
    const body = Buffer.from("<p>" + "खुलासा ".repeat(500) + "</p>");
    const stored = await cachedResponse(200, [["Content-Type", "text/html"], ["Date", "x"], ["Vary", "Accept-Language"]], body);
    const headers = stored.encodings.br.headers;
    expect(headers).toContain("text/html");
    expect(headers).not.toContain("Date");
    expect(headers[headers.indexOf("Vary") + 1]).toBe("Accept-Encoding, Accept-Language");
    expect(headers[headers.indexOf("Content-Encoding") + 1]).toBe("br");
    expect(headers[headers.indexOf("Content-Length") + 1]).toBe(String(stored.encodings.br.body.length));
    expect(stored.encodings.identity.headers).not.toContain("Content-Encoding");
    expect(stored.bytes).toBe(body.length + stored.encodings.br.body.length + stored.encodings.gzip.body.length);
  });

  it("gives equal bodies equal ETags and different bodies different ones", async () => {
    const a = await cachedResponse(200, [], Buffer.from("a"));
    expect((await cachedResponse(200, [], Buffer.from("a"))).etag).toBe(a.etag);
    expect((await cachedResponse(200, [], Buffer.from("b"))).etag).not.toBe(a.etag);
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
