// Test support: runs responses:export in-process in a folder, collecting what it writes and its notes.
import { main, type ExportIo } from '../../../scripts/responses/export';

export async function runExport(args: string[], cwd: string): Promise<{ status: number; out: string; notes: string[] }> {
  let out = '';
  const notes: string[] = [];
  const io: ExportIo = { write: (text) => (out += text), note: (line) => notes.push(line), env: {}, cwd };
  return { status: await main(args, io), out, notes };
}
