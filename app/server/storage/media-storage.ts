/**
 * What every media store does. index.ts picks the one configured; the interface stands on its own,
 * so that a store (s3.ts) need not import the module that picks it.
 */
export interface MediaStorage {
  /** Stores `data` under the server-generated `name` and returns its URL path (/uploads/name). */
  save(name: string, data: Uint8Array, contentType: string): Promise<string>;
  /** Removes what `save` stored under `name`; a name never stored is no error. */
  remove(name: string): Promise<void>;
  /** Every stored name, in no particular order (backups, migration). */
  list(): AsyncIterable<string>;
  /** The bytes stored under `name`, or null when there are none. */
  read(name: string): Promise<Uint8Array | null>;
  /** At start-up: fails with one clear line (a StartupError) when the store cannot be used. */
  check(): Promise<void>;
}
