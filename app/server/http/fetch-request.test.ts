import { EventEmitter } from "node:events";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { describe, expect, it } from "vitest";
import { toFetchRequest } from "./fetch-request";

const incoming = (headers: Record<string, string | string[]>) =>
  ({ method: "GET", headers, protocol: "http", get: (name: string) => (name === "host" ? "news.example" : undefined) }) as unknown as ExpressRequest;
const response = () => Object.assign(new EventEmitter(), { writableFinished: false }) as unknown as ExpressResponse;

describe("the request a render is given", () => {
  const headers = { cookie: "session=secret-token; theme=dark", authorization: "Bearer secret-token", "accept-language": "ne", "x-forwarded-for": ["1.2.3.4"] };

  it("is asked for the normalised address, with the client's headers", () => {
    const request = toFetchRequest(incoming(headers), response(), "/news?page=2");
    expect(request.url).toBe("http://news.example/news?page=2");
    expect(request.headers.get("cookie")).toBe("session=secret-token; theme=dark");
    expect(request.headers.get("authorization")).toBe("Bearer secret-token");
  });

  it("carries no credentials when it is rendered for everyone, so a shared page cannot hold anyone's data", () => {
    const request = toFetchRequest(incoming(headers), response(), "/news", { anonymous: true });
    expect(request.headers.get("cookie")).toBeNull();
    expect(request.headers.get("authorization")).toBeNull();
    expect(request.headers.get("accept-language")).toBe("ne");
  });

  it("is aborted when the client leaves before the answer is sent", () => {
    const res = response();
    const request = toFetchRequest(incoming({}), res, "/");
    res.emit("close");
    expect(request.signal.aborted).toBe(true);
  });
});
