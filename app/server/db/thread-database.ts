/**
 * A database connection of another thread's own (the newsletter's sending thread, issue 40): the
 * request thread hands over a link, the thread opens one node-postgres client on it, and its
 * statements no longer pass through the request thread. On the embedded database the link is a
 * MessagePort to the database's thread (transferred, so it belongs to the receiving thread); on
 * PostgreSQL it is the server's address.
 */
import type { MessagePort } from "node:worker_threads";
import pg from "pg";
import { WorkerConnection } from "./embedded-connection";
import { preparingClient } from "./prepared-statements";

export type ThreadDatabaseLink = { kind: "pglite"; port: MessagePort } | { kind: "postgres"; url: string };

/** What a link carries that must be transferred, not copied, when posted to a thread. */
export const transferablesOf = (link: ThreadDatabaseLink) => (link.kind === "pglite" ? [link.port] : []);

/** Opens the link's one client, in the thread it was handed to. */
export async function openThreadClient(link: ThreadDatabaseLink): Promise<pg.Client> {
  const Client = preparingClient(pg);
  const client =
    link.kind === "pglite"
      ? new Client({ stream: () => new WorkerConnection(link.port), user: "postgres", database: "postgres" })
      : new Client({ connectionString: link.url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  return client;
}
