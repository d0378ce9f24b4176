export interface TestCluster {
  url(database: string): string;
  createDatabase(name: string): void;
  stop(): void;
}

export function startCluster(): Promise<TestCluster>;
