import { describe, expect, it } from "vitest";
import {
  WrongPassphrase,
  accessHash,
  decryptAttachment,
  encryptAttachment,
  isWellFormedCodename,
  newCodename,
  newNewsroomKey,
  newSalt,
  open,
  openKeyFile,
  seal,
  sourceKeys,
} from "./crypto";
import { ATTACHMENT_CHUNK_BYTES } from "./protocol";

describe("the tip line's cryptography", () => {
  it("opens a key file with its passphrase only, and what is sealed to it with its key only", async () => {
    const { file, keys } = await newNewsroomKey("a long and private passphrase");
    expect(JSON.stringify(file)).not.toContain(Buffer.from(keys.privateKey).toString("base64url"));
    const opened = await openKeyFile(file, "a long and private passphrase");
    expect(opened.privateKey).toEqual(keys.privateKey);
    await expect(openKeyFile(file, "a long and private passphrasE")).rejects.toBeInstanceOf(WrongPassphrase);
    await expect(openKeyFile({ ...file, format: "other" } as never, "a long and private passphrase")).rejects.toBeInstanceOf(WrongPassphrase);

    const sealed = await seal({ text: "The contract went to the minister's cousin" }, file.publicKey);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("minister");
    expect(await open(sealed, opened)).toEqual({ text: "The contract went to the minister's cousin" });
    const other = await newNewsroomKey("another passphrase");
    await expect(open(sealed, other.keys)).rejects.toThrow();
  }, 30_000);

  it("derives the same source keys from the codename however it is typed, and different ones from another", async () => {
    const salt = await newSalt();
    const codename = await newCodename();
    expect(codename.split(" ")).toHaveLength(8);
    expect(isWellFormedCodename(codename)).toBe(true);
    expect(isWellFormedCodename(`${codename} extra`)).toBe(false);
    expect(isWellFormedCodename(codename.replace(/^\S+/, "notaword"))).toBe(false);
    const first = await sourceKeys(codename, salt);
    const again = await sourceKeys(`  ${codename.toUpperCase().replace(/ /g, "   ")} `, salt);
    expect(again.keys.publicKey).toBe(first.keys.publicKey);
    expect(again.accessToken).toBe(first.accessToken);
    expect(await accessHash(first.accessToken)).not.toBe(first.accessToken);
    const other = await sourceKeys(await newCodename(), salt);
    expect(other.keys.publicKey).not.toBe(first.keys.publicKey);
    const otherSite = await sourceKeys(codename, await newSalt());
    expect(otherSite.accessToken).not.toBe(first.accessToken);
  }, 30_000);

  it("encrypts an attachment in chunks and refuses one altered, cut off or extended", async () => {
    const bytes = new Uint8Array(ATTACHMENT_CHUNK_BYTES * 2 + 123).map((_, i) => i % 251);
    const { key, ciphertext } = await encryptAttachment(bytes);
    expect(await decryptAttachment(ciphertext, key)).toEqual(bytes);
    expect(await decryptAttachment((await encryptAttachment(new Uint8Array())).ciphertext, (await encryptAttachment(new Uint8Array())).key).catch(() => "refused")).toBe("refused");
    const empty = await encryptAttachment(new Uint8Array());
    expect(await decryptAttachment(empty.ciphertext, empty.key)).toEqual(new Uint8Array());

    const altered = ciphertext.slice();
    altered[100] = altered[100]! ^ 1;
    await expect(decryptAttachment(altered, key)).rejects.toThrow();
    await expect(decryptAttachment(ciphertext.subarray(0, ciphertext.length - 200), key)).rejects.toThrow();
    const cut = ciphertext.subarray(0, 24 + ATTACHMENT_CHUNK_BYTES + 17);
    await expect(decryptAttachment(cut, key)).rejects.toThrow("cut off");
    const extended = new Uint8Array([...ciphertext, 1, 2, 3]);
    await expect(decryptAttachment(extended, key)).rejects.toThrow();
  });
});
