/**
 * Every statement the application sends with parameters becomes a named prepared statement on its
 * connection, so it is parsed and planned once per connection instead of once per request. On the
 * embedded database planning dominated: the summaries of a home page list planned in 4–17 ms and
 * ran in under 1 ms (docs/decisions.md, "Prepared statements").
 *
 * The name is a hash of the SQL text. Drizzle sends every value as a parameter, so the texts are
 * the query shapes written in the services (and, for `in (…)` lists, their lengths): a set bounded
 * by the code, not by readers' input. Statements without parameters (migrations, NOTIFY) are left
 * alone: a prepared statement may hold only one command.
 */
import { createHash } from "node:crypto";
import type pg from "pg";

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown[];
  submit?: unknown;
}

function statementName(text: string): string {
  return `s_${createHash("sha1").update(text).digest("base64url")}`;
}

function withName(config: unknown, values: unknown): unknown {
  if (typeof config !== "object" || config === null) return config;
  const query = config as QueryConfig;
  if (typeof query.submit === "function" || typeof query.text !== "string" || query.name !== undefined) return config;
  const parameters = Array.isArray(values) ? values : query.values;
  if (!parameters || parameters.length === 0) return config;
  return { ...query, name: statementName(query.text) };
}

/** A node-postgres client class that names its parameterised statements (for `new Pool({ Client })`). */
export function preparingClient(driver: typeof pg): typeof pg.Client {
  return class PreparingClient extends driver.Client {
    // node-postgres's overloads cannot be restated in a subclass; the arguments pass through as given.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      return (super.query as (...args: unknown[]) => never)(withName(config, values), values, callback);
    }
  } as typeof pg.Client;
}
