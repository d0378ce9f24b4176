// Argon2id (libsodium's crypto_pwhash) off the request thread, for the tip line's path without
// JavaScript (argon2id-pool.ts): 64 MiB and a fraction of a second each, which on the request
// thread held up every other reader. It derives bytes and knows no rule: what is derived from what
// stays in app/lib/tips/crypto.ts.
//
// Plain JavaScript: a worker needs a file of its own, and the server bundle inlines every module
// it imports.
import { parentPort } from "node:worker_threads";
import sodiumModule from "libsodium-wrappers-sumo";

const sodium = sodiumModule.default ?? sodiumModule;
await sodium.ready;

parentPort.on("message", ({ id, length, password, salt, opslimit, memlimit }) => {
  const derived = sodium.crypto_pwhash(length, password, salt, opslimit, memlimit, sodium.crypto_pwhash_ALG_ARGON2ID13);
  parentPort.postMessage({ id, derived }, [derived.buffer]);
});
