import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
