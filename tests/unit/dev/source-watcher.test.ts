// The dev server's watch sees every save, however the editor writes it: in place, or as a copy renamed
// over the file (vim, Emacs, JetBrains, `sed -i`), in folders made, removed and made again.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchSources, type ChangeBatch } from '../../../scripts/dev/source-watcher';

let root: string;
let batches: ChangeBatch[];
let stop: () => void;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'source-watcher-'));
  mkdirSync(join(root, 'survey/examples'), { recursive: true });
  writeFileSync(join(root, 'survey/cancellation.yaml'), 'id: a\n');
  batches = [];
  stop = watchSources(root, (batch) => batches.push(batch), { dirs: ['survey'] });
});
afterEach(() => {
  stop();
  rmSync(root, { recursive: true, force: true });
});

/** Waits until a batch has named `path`, then forgets the batches so far. */
async function seen(path: string): Promise<void> {
  await vi.waitFor(() => expect(batches.flatMap((batch) => batch.paths)).toContain(path), { timeout: 3000, interval: 20 });
  batches = [];
}

const saveByRename = (path: string, text: string) => {
  writeFileSync(join(root, `${path}.tmp~`), text);
  renameSync(join(root, `${path}.tmp~`), join(root, path));
};

describe('watchSources', () => {
  it('sees a save in place, a save by rename, and every save after it', async () => {
    writeFileSync(join(root, 'survey/cancellation.yaml'), 'id: b\n');
    await seen('survey/cancellation.yaml');
    saveByRename('survey/cancellation.yaml', 'id: c\n');
    await seen('survey/cancellation.yaml');
    writeFileSync(join(root, 'survey/cancellation.yaml'), 'id: d\n');
    await seen('survey/cancellation.yaml');
    saveByRename('survey/cancellation.yaml', 'id: e\n');
    await seen('survey/cancellation.yaml');
    // The editor's copy is no source of its own.
    expect(batches.flatMap((batch) => batch.paths)).not.toContain('survey/cancellation.yaml.tmp~');
  });

  it('sees files in a folder it watched from the start, and in one made later', async () => {
    saveByRename('survey/examples/feedback.yaml', 'id: f\n');
    await seen('survey/examples/feedback.yaml');
    mkdirSync(join(root, 'survey/drafts'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(join(root, 'survey/drafts/new.yaml'), 'id: g\n');
    await seen('survey/drafts/new.yaml');
    writeFileSync(join(root, 'survey/drafts/new.yaml'), 'id: h\n');
    await seen('survey/drafts/new.yaml');
  });

  it('sees a folder renamed under its new name, and no more under its old one', async () => {
    writeFileSync(join(root, 'survey/examples/feedback.yaml'), 'id: j\n');
    await seen('survey/examples/feedback.yaml');
    renameSync(join(root, 'survey/examples'), join(root, 'survey/samples'));
    await seen('survey/samples/feedback.yaml');
    writeFileSync(join(root, 'survey/samples/feedback.yaml'), 'id: k\n');
    await seen('survey/samples/feedback.yaml');
    expect(batches.flatMap((batch) => batch.paths)).not.toContain('survey/examples/feedback.yaml');
  });

  it('sees a folder removed and made again, with what it holds', async () => {
    rmSync(join(root, 'survey/examples'), { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    mkdirSync(join(root, 'survey/examples'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(join(root, 'survey/examples/feedback.yaml'), 'id: i\n');
    await seen('survey/examples/feedback.yaml');
  });
});
