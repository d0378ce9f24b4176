/** A small HTTP client for the API tests: what a real client sends, and what it gets back. */
import { inject } from "vitest";
import { TEST_ADMIN } from "../support/server";

export const baseUrl = () => inject("baseUrl");

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  token?: string | null;
  json?: unknown;
  form?: FormData;
  /** A raw body, sent as application/octet-stream. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
}

export const call = <T = any>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => callAt<T>(baseUrl(), path, options);

/** `call` against a server of a test's own. */
export async function callAt<T = any>(base: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.bytes) {
    headers["content-type"] = "application/octet-stream";
    body = new Uint8Array(options.bytes);
  }
  const res = await fetchOnLiveConnection(base + path, { method: options.method ?? "GET", headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/**
 * fetch, tried once more when the pooled connection it took had been closed by the server. A test
 * that holds its thread for seconds (Argon2id for a newsroom key, on a loaded machine) wakes past
 * the server's keep-alive timeout before the client's own timer could retire the idle socket; a
 * browser retries such a request on a new connection too. A server that is down fails both tries.
 */
async function fetchOnLiveConnection(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // The same race seen while the request is being written: the server closed it before reading a byte of it.
    const closedUnderIt = (cause?.code === "UND_ERR_SOCKET" && cause.message === "other side closed") || cause?.code === "EPIPE";
    if (!closedUnderIt) throw error;
    return fetch(url, init);
  }
}

let adminToken: Promise<string> | undefined;
export function asAdmin(): Promise<string> {
  adminToken ??= call("/api/admin/login", {
    method: "POST",
    json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
  }).then((res) => {
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  });
  return adminToken;
}

/**
 * The admin's token, its session having just proved itself again (issue 35), for the actions that
 * need that: a role change, deleting a user, the tip line's key. The test server needs no second
 * factor, so the admin has none and proves its password.
 */
export const asFreshAdmin = async (): Promise<string> => reauthenticated(call, await asAdmin());

/** `token`, its session having just proved its password again (an account with no second factor), through `send`. */
export async function reauthenticated(send: typeof call, token: string, password = TEST_ADMIN.password): Promise<string> {
  const proved = await send("/api/users/me/reauthenticate", { method: "POST", token, json: { password } });
  if (proved.status !== 200) throw new Error(`re-authentication failed: ${proved.status} ${JSON.stringify(proved.body)}`);
  return token;
}

let counter = 0;
export function uniqueEmail(prefix = "reader"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@test.example`;
}

/** Registers a fresh reader account and returns its token and user. */
export async function newReader(): Promise<{ token: string; user: { id: number; email: string; name: string } }> {
  const res = await call("/api/users/register", {
    method: "POST",
    json: { name: "Test Reader", email: uniqueEmail(), password: "reader-password-1" },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
