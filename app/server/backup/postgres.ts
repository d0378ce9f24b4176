/**
 * A PostgreSQL database (DATABASE_URL) for backup and restore, through PostgreSQL's own tools:
 * pg_dump takes one consistent snapshot while the servers keep running, and pg_restore reads it
 * into an empty database.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { databaseAddress, databaseUnreachable } from "../platform/startup-error";
import { BackupError } from "./errors";
import { APPLIED_MIGRATIONS_SQL, HAS_MIGRATIONS_TABLE_SQL } from "./migrations";

const DEBIAN_POSTGRESQL = "/usr/lib/postgresql";

/**
 * The newest installed version of a PostgreSQL program: pg_dump must be at least as new as the
 * server it reads, and Debian keeps each version's programs apart, so those come before PATH.
 */
function postgresProgram(name: "pg_dump" | "pg_restore"): string {
  const versions = existsSync(DEBIAN_POSTGRESQL) ? readdirSync(DEBIAN_POSTGRESQL).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(DEBIAN_POSTGRESQL, version, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new BackupError(`${name} was not found: install PostgreSQL's client programs, of the server's version or newer (apt-get install postgresql-client).`);
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line can be read by
 * every user of the machine (ps), the environment of another user's process cannot.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(url);
    const password = decodeURIComponent(parsed.password);
    parsed.password = "";
    return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
  } catch {
    return { dbname: url, env: process.env };
  }
}

/** Runs a PostgreSQL program; a failure is its first error line, which names the cause (a version mismatch, a refused login). */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve();
      const lines = stderr.split("\n").map((line) => line.trim()).filter(Boolean);
      const reason = lines.find((line) => /error:/i.test(line)) ?? lines[0] ?? `exit code ${code}`;
      reject(new BackupError(`${path.basename(program)} failed: ${reason}`));
    });
  });
}

export interface PostgresState {
  serverVersion: string;
  /** Tables outside PostgreSQL's own schemas: none in a database a restore may fill. */
  tables: number;
  migrations: number[];
}

export async function inspectPostgres(url: string): Promise<PostgresState> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(databaseUnreachable(url, error).message);
  }
  try {
    const version = await client.query<{ server_version: string }>("show server_version");
    const tables = await client.query<{ n: string }>(
      "select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'",
    );
    const present = await client.query<{ present: boolean }>(HAS_MIGRATIONS_TABLE_SQL);
    const applied = present.rows[0]?.present ? (await client.query<{ applied: string }>(APPLIED_MIGRATIONS_SQL)).rows : [];
    return {
      // "15.18 (Debian 15.18-0+deb12u1)": the version is the first word.
      serverVersion: version.rows[0]?.server_version.split(" ")[0] ?? "unknown",
      tables: Number(tables.rows[0]?.n ?? 0),
      migrations: applied.map((row) => Number(row.applied)),
    };
  } finally {
    await client.end();
  }
}

/** `pg_dump --format=custom` into `file`: compressed, and pg_restore can check and reorder it. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(postgresProgram("pg_dump"), ["--format=custom", "--no-password", `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Into an empty database, as one transaction: a restore that fails half-way leaves the database
 * as empty as it found it. Ownership and grants are left out, so that the dump of one role's
 * database restores into another's.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    postgresProgram("pg_restore"),
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--no-password", `--dbname=${dbname}`, file],
    env,
  );
}

/** "The database at host:5432/name", without the password, for messages. */
export function describeDatabase(url: string): string {
  return `The database at ${databaseAddress(url)}`;
}
