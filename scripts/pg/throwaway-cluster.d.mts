// Types of what throwaway-cluster.mjs exports, for the TypeScript that imports it (scripts/bench).
export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth on loopback). */
  url: string;
  port: number;
  dir: string;
  /** Stops the server and deletes its directory. */
  stop(): void;
}
export function startThrowawayCluster(): Promise<ThrowawayCluster>;
