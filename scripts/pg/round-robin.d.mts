// Types of what round-robin.mjs exports, for the TypeScript that imports it (scripts/bench).
import type { Server } from 'node:http';

export function startRoundRobin(options: { host: string; port: number; backends: string[] }): Promise<Server>;
