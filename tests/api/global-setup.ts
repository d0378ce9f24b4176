import type { TestProject } from "vitest/node";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;
let sessionToken: string | undefined;

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  // A session the whole run's log must never show (issue 16), with the admin's password.
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  sessionToken = ((await login.json()) as { token: string }).token;
  await fetch(`${server.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${sessionToken}`, cookie: `session=${sessionToken}` } });
}

export async function teardown() {
  await server?.stop({ keepData: false });
  const log = server?.output() ?? "";
  const leaked = [TEST_ADMIN.password, sessionToken].filter((secret): secret is string => !!secret && log.includes(secret));
  if (leaked.length > 0) throw new Error("The server's log of the API test run holds the admin's password or a session token.");
  if (!log.includes('"msg":"request"')) throw new Error("The server's log of the API test run has no request lines: the check above proves nothing.");
}
