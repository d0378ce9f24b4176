export interface TestCluster {
  url(database: string): string;
  createDatabase(name: string): void;
  /** Stops the server as a crash would, keeping its data. */
  pause(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  stop(): void;
}

export function startCluster(): Promise<TestCluster>;
