// Test support: a fixture folder copied to a scratch folder with some of its files edited, for a
// test of one change to a fixture.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Edits of a copied folder's files: each file's name and what its text becomes. */
export type FileEdits = Record<string, (text: string) => string>;

/**
 * A copy of the folder `from` as `scratch/name`, with each edit applied to the text of the file it
 * names. An edit that changes nothing throws: the test would not test what it says.
 */
export async function editedCopy(scratch: string, from: string, name: string, edits: FileEdits = {}): Promise<string> {
  const to = join(scratch, name);
  await cp(from, to, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(to, file);
    const before = await readFile(path, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    await writeFile(path, after);
  }
  return to;
}
