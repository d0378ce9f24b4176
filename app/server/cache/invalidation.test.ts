import { describe, expect, it } from "vitest";
import { mutationChangesContent } from "./invalidation";

describe("which writes clear the public cache", () => {
  it("counts content writes and ignores reads and failures", () => {
    expect(mutationChangesContent("POST", "/api/news", 201)).toBe(true);
    expect(mutationChangesContent("PUT", "/api/news/some-slug", 200)).toBe(true);
    expect(mutationChangesContent("PUT", "/api/comments/3/approve", 200)).toBe(true);
    expect(mutationChangesContent("DELETE", "/api/users/4", 200)).toBe(true);
    expect(mutationChangesContent("GET", "/api/news", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/news", 400)).toBe(false);
  });

  it("ignores writes that change no public answer, in every language", () => {
    expect(mutationChangesContent("POST", "/api/admin/login", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/register", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/logout", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/me/bookmarks/5", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/news/5/comments", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/api/newsletter", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/api/upload", 201)).toBe(false);
    for (const path of ["/login", "/ne/login", "/en/login", "/ne/login.data"]) {
      expect(mutationChangesContent("POST", path, 302)).toBe(false);
    }
    expect(mutationChangesContent("POST", "/ne/loginx", 302)).toBe(true);
  });
});
