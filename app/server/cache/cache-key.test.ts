import { describe, expect, it } from "vitest";
import type { Sharing } from "~/lib/sharing";
import { sharedRequest } from "./cache-key";

/** The cache key of a request to a route that declares `sharing` (public pages unless said). */
const key = (url: string, headers: Record<string, string> = {}, method = "GET", sharing: Sharing = "public") => sharedRequest(method, url, headers, sharing)?.key ?? null;
const apiKey = (url: string, headers: Record<string, string> = {}) => key(url, headers, "GET", "public-read");

describe("which requests share the public cache, under which key", () => {
  it("shares nothing of a private route, whatever its address looks like", () => {
    expect(key("/article/x", {}, "GET", "private")).toBeNull();
    expect(key("/tipsy-story", {}, "GET", "private")).toBeNull();
    expect(apiKey("/api/news")).toBe("/api/news#en");
    expect(key("/api/news", {}, "GET", "private")).toBeNull();
  });

  it("lets a request with credentials be given a stored page, never an API answer", () => {
    expect(sharedRequest("GET", "/news", { cookie: "session=abc" }, "public")).toMatchObject({ key: "/news", credentialed: true });
    expect(sharedRequest("GET", "/news", { authorization: "Basic x" }, "public")).toMatchObject({ credentialed: true });
    expect(sharedRequest("GET", "/news", { cookie: "theme=dark" }, "public")).toMatchObject({ credentialed: false });
    expect(sharedRequest("GET", "/api/news", { cookie: "session=abc" }, "public-read")).toBeNull();
  });

  it("drops tracking and unknown parameters from a page's key, keeps the ones pages read, in one order", () => {
    expect(key("/article/x?utm_source=fb&utm_medium=social&fbclid=1&gclid=2&msclkid=3&ref=4")).toBe("/article/x");
    expect(key("/news?utm_source=x&page=2")).toBe("/news?page=2");
    expect(key("/search?q=%E0%A4%85&page=3")).toBe(key("/search?page=3&q=%E0%A4%85"));
    expect(key("/login?redirect=%2Fnews&utm_source=x")).toBe("/login?redirect=%2Fnews");
    // The sign-in page is rendered on the form it opens with (its island is given the mode).
    expect(key("/login?mode=signup&utm_source=x")).toBe("/login?mode=signup");
    expect(key("/news.data?_routes=routes%2Fnews&x=1")).toBe("/news.data?_routes=routes%2Fnews");
  });

  it("keeps a live story's update and page of older updates only as plain numbers (issue 39)", () => {
    expect(key("/article/x?update=12&utm_source=x")).toBe("/article/x?update=12");
    expect(key("/article/x?before=40")).toBe("/article/x?before=40");
    for (const junk of ["update=012", "update=abc", "update=-1", "update", "before=4.5", "update=12%20"]) expect(key(`/article/x?${junk}`)).toBe("/article/x");
    // The API reads its own `before` through its schema, which answers 400 to what is not a number.
    expect(apiKey("/api/news/x/updates?before=abc")).toBe("/api/news/x/updates?before=abc#en");
  });

  it("keeps every parameter of React Router's route manifest, which are its own", () => {
    const manifest = "/__manifest?p=%2Fadmin%2Fusers&p=%2Fnews&version=abc123";
    expect(sharedRequest("GET", manifest, {}, "private")).toEqual({ key: manifest, url: manifest, search: false, api: false, credentialed: false });
  });

  it("tells a search from other shared requests, on pages and in the API", () => {
    const search = (url: string) => sharedRequest("GET", url, {}, url.startsWith("/api/") ? "public-read" : "public")?.search;
    expect(search("/search?q=procurement&utm_source=x")).toBe(true);
    expect(search("/ne/search.data?q=%E0%A4%85")).toBe(true);
    expect(search("/api/news?search=procurement&limit=5")).toBe(true);
    expect(search("/api/news?limit=5")).toBe(false);
    expect(search("/news?page=2")).toBe(false);
    expect(search("/article/x?search=procurement")).toBe(false);
  });

  it("serves the application the normalised address, so what is stored is what the key names", () => {
    expect(sharedRequest("GET", "/news?page=2&utm_source=x", {}, "public")?.url).toBe("/news?page=2");
  });

  it("shares nothing personal: writes, an admin's preview", () => {
    expect(key("/news", {}, "POST")).toBeNull();
    expect(key("/article/x?preview")).toBeNull();
    expect(key("/article/x?utm_source=a&preview=1")).toBeNull();
  });

  it("shares anonymous API reads by the language the client asks in, never a client's with credentials", () => {
    expect(apiKey("/api/news?limit=5&utm_source=app")).toBe("/api/news?limit=5#en");
    expect(apiKey("/api/news?limit=5", { "accept-language": "ne-NP,ne;q=0.9" })).toBe("/api/news?limit=5#ne");
    expect(apiKey("/api/news", { authorization: "Bearer abc" })).toBeNull();
    expect(apiKey("/api/news", { cookie: "theme=dark; session=abc" })).toBeNull();
    expect(apiKey("/api/news", { cookie: "theme=dark" })).toBe("/api/news#en");
  });
});
