import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The packages the built server loads as it starts (before it opens the database). */
function packagesLoadedAtStart(): Set<string> {
  const run = spawnSync(
    process.execPath,
    ["--import", path.join(root, "tests/support/packages-loaded-hooks.mjs"), "--input-type=module", "-e", `await import(${JSON.stringify(path.join(root, "build/server/index.js"))})`],
    { cwd: root, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  return new Set([...run.stderr.matchAll(/^package (\S+)$/gm)].map((m) => m[1] ?? ""));
}

describe("a start loads what every request needs, not what a few features use", () => {
  it("leaves passkeys, mail, bounce reports, the S3 client and file sniffing until they are first used", () => {
    const loaded = packagesLoadedAtStart();
    // The proof that the hook sees the start at all.
    expect(loaded).toContain("express");
    for (const later of ["@simplewebauthn/server", "mailparser", "nodemailer", "@aws-sdk/client-s3", "file-type", "pdf-lib"]) {
      expect(loaded, later).not.toContain(later);
    }
  });
});
