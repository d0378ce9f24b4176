import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { newCodename, newSalt, sourceKeys } from "~/lib/tips/crypto";
import { AppError } from "../errors";
import { argon2idPool } from "./argon2id-pool";

const stops: (() => Promise<void>)[] = [];
const pool = (options: Parameters<typeof argon2idPool>[0] = {}) => {
  const made = argon2idPool(options);
  stops.push(made.stop);
  return made;
};
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A thread that takes derivations and never answers. */
const silent = () => new Worker("require('node:worker_threads').parentPort.on('message', () => {})", { eval: true });
/** A thread that dies on its first derivation, as one that ran out of memory would. */
const dying = () => new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(7))", { eval: true });

const unavailable = expect.objectContaining({ status: 503, key: "serviceUnavailable" });

describe("Argon2id in worker threads", () => {
  it("derives in a thread exactly what the request thread derived", async () => {
    const { argon2id } = pool();
    const codename = await newCodename();
    const salt = await newSalt();
    const [inThread, inWorker] = [await sourceKeys(codename, salt), await sourceKeys(codename, salt, argon2id)];
    expect(inWorker.accessToken).toBe(inThread.accessToken);
    expect(inWorker.keys.publicKey).toBe(inThread.keys.publicKey);
  });

  it("answers a thread's death with a 503 for its derivation, and derives the next in a new thread", async () => {
    let spawned = 0;
    const { argon2id } = pool({ spawn: () => (spawned++ === 0 ? dying() : new Worker(new URL("./argon2id-worker.mjs", import.meta.url))) });
    const salt = new Uint8Array(16);
    await expect(argon2id(64, "a codename", salt, 2, 64 * 1024 * 1024)).rejects.toEqual(unavailable);
    await expect(argon2id(64, "a codename", salt, 2, 64 * 1024 * 1024)).resolves.toHaveLength(64);
    expect(spawned).toBe(2);
  });

  it("runs at most `size` at once, lets `waiting` more wait, and refuses the rest with a 503 at once", async () => {
    let spawned = 0;
    const { argon2id } = pool({ size: 2, waiting: 3, spawn: () => (spawned++, silent()) });
    const salt = new Uint8Array(16);
    const taken = Array.from({ length: 5 }, () => argon2id(64, "x", salt, 2, 8192));
    for (const derivation of taken) derivation.catch(() => undefined);
    await expect(argon2id(64, "x", salt, 2, 8192)).rejects.toBeInstanceOf(AppError);
    await expect(argon2id(64, "x", salt, 2, 8192)).rejects.toEqual(unavailable);
    expect(spawned).toBe(2);
  });
});
