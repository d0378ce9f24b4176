import { describe, expect, it } from "vitest";
import { afterSignInPath, isAdminPath, safeRedirectPath } from "./redirect-path";

describe("safeRedirectPath", () => {
  it("follows paths on this site, with their query and fragment", () => {
    expect(safeRedirectPath("/news")).toBe("/news");
    expect(safeRedirectPath("/article/some-slug?x=1#comments")).toBe("/article/some-slug?x=1#comments");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("refuses other hosts, however they are spelled", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/news",
      "/\\evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/ /evil.example",
      "https://evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "news",
      "/news\\..\\..\\evil",
    ]) {
      expect(safeRedirectPath(value), value).toBeNull();
    }
  });

  it("refuses nothing at all", () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath("")).toBeNull();
  });
});

describe("afterSignInPath", () => {
  it("uses a safe redirect whatever the role", () => {
    expect(afterSignInPath("/news", "user")).toBe("/news");
    expect(afterSignInPath("/news", "admin")).toBe("/news");
  });

  it("sends an admin to the dashboard and anyone else home otherwise (docs/product.md#roles-and-permissions)", () => {
    expect(afterSignInPath(null, "admin")).toBe("/admin/dashboard");
    expect(afterSignInPath("//evil.example", "admin")).toBe("/admin/dashboard");
    expect(afterSignInPath(null, "user")).toBe("/");
    expect(afterSignInPath("//evil.example", "user")).toBe("/");
  });

  it("never sends a signed-in reader back to the login page", () => {
    expect(afterSignInPath("/login?redirect=/login", "user")).toBe("/");
    expect(afterSignInPath("/login", "admin")).toBe("/admin/dashboard");
    expect(afterSignInPath("/login-help", "user")).toBe("/login-help");
  });
});

describe("isAdminPath", () => {
  it("recognises the admin area only", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/articles")).toBe(true);
    expect(isAdminPath("/administration")).toBe(false);
    expect(isAdminPath("/news")).toBe(false);
  });
});

describe("afterSignInPath in Nepali", () => {
  it("carries on in the page's language unless the redirect names one", () => {
    expect(afterSignInPath(null, "admin", "ne", "en")).toBe("/ne/admin/dashboard");
    expect(afterSignInPath(null, "user", "ne", "en")).toBe("/ne");
    expect(afterSignInPath("/ne/admin/users", "admin", "ne", "en")).toBe("/ne/admin/users");
    expect(afterSignInPath("/news", "user", "en", "en")).toBe("/news");
    expect(afterSignInPath("/ne/login?redirect=/ne/login", "user", "ne", "en")).toBe("/ne");
  });

  it("knows the back office in every language", () => {
    expect(isAdminPath("/ne/admin/dashboard")).toBe(true);
    expect(isAdminPath("/en/admin")).toBe(true);
    expect(isAdminPath("/ne/administration")).toBe(false);
  });
});
