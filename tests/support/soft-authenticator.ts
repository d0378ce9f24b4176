/**
 * A passkey authenticator in software, for the API tests (issue 35): it answers WebAuthn's
 * registration and authentication options as a browser with a platform authenticator would (a P-256
 * key, "none" attestation, a signature counter), so that the server's checks run on real
 * signatures. The browser tests use Chromium's own virtual authenticator instead.
 */
import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** The little of CBOR (RFC 8949) that WebAuthn's attestation object and COSE key need. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, inner]) => [cbor(key), cbor(inner)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle: string;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];
  private readonly rpId: string;

  /** `origin`: the page the browser would be on (PUBLIC_URL's origin). */
  constructor(private readonly origin: string) {
    this.rpId = new URL(origin).hostname;
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authenticatorData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create(): a new key pair, answered with "none" attestation. */
  register(options: { challenge: string; user: { id: string } }): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential: Credential = { id: randomBytes(32), privateKey, publicKey, counter: 0, userHandle: options.user.id };
    this.credentials.push(credential);
    const jwk = publicKey.export({ format: "jwk" });
    // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKey]);
    const authData = this.authenticatorData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA, 0, attested);
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): signs the challenge with the first of its keys the options allow. */
  assert(options: { challenge: string; allowCredentials?: { id: string }[] }, { origin = this.origin }: { origin?: string } = {}): Record<string, unknown> {
    const allowed = new Set(options.allowCredentials?.map((entry) => entry.id));
    const credential = this.credentials.find((candidate) => allowed.size === 0 || allowed.has(b64url(candidate.id)));
    if (!credential) throw new Error("no credential for these options");
    credential.counter += 1;
    const authData = this.authenticatorData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
    const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
