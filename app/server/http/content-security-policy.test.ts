import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("Content Security Policy", () => {
  it("hashes each inline script once and leaves scripts loaded by src to 'self'", () => {
    const html = `<script>a()</script><script type="module">import("/x.js")</script><script src="/y.js"></script><script>a()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import("/x.js")')]);
  });

  it("allows a shared page's scripts by hash, a personal page's by nonce, and no third-party origin", () => {
    const shared = contentSecurityPolicy({ hashes: [sha("a()")] });
    expect(shared).toContain(`script-src 'self' ${sha("a()")}`);
    expect(shared).not.toContain("nonce");
    expect(contentSecurityPolicy({ nonce: "abc" })).toContain("'nonce-abc'");
    for (const policy of [shared, contentSecurityPolicy({ nonce: "abc" })]) {
      expect(policy).toContain("default-src 'self'");
      expect(policy.match(/script-src [^;]*/)![0]).not.toContain("unsafe-inline");
      expect(policy.match(/script-src [^;]*/)![0]).not.toContain("'unsafe-eval'");
    }
  });

  it("lets personal pages compile WebAssembly (the tip line's libsodium), and shared pages not", () => {
    expect(contentSecurityPolicy({ nonce: "abc" })).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    expect(contentSecurityPolicy({ hashes: [] })).not.toContain("wasm-unsafe-eval");
  });

  it("runs workers (the tip line's proof of work) from this site only, not from blob: or data: addresses", () => {
    for (const policy of [contentSecurityPolicy({ nonce: "abc" }), contentSecurityPolicy({ hashes: [] })]) {
      expect(policy.match(/worker-src [^;]*/)?.[0]).toBe("worker-src 'self'");
    }
  });
});
