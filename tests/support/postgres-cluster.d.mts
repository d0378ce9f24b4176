export interface TestCluster {
  url(database: string): string;
  createDatabase(name: string): void;
  /** Stops the server as a crash would, keeping its data. */
  pause(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  /** Stops the server cleanly, copies its data folder to `to`, and starts it again. */
  saveCopy(to: string): void;
  stop(): void;
}

/** `copyOf`: a data folder kept by `saveCopy`, started on a copy instead of an empty cluster. */
export function startCluster(options?: { copyOf?: string }): Promise<TestCluster>;
