// The dev server's watch sees every save, however the editor writes it: in place, or as a copy renamed
// over the file (vim, Emacs, JetBrains, `sed -i`), in folders made, removed and made again, and through
// links to files and folders kept elsewhere.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
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
  mkdirSync(join(root, 'elsewhere/shared/nested'), { recursive: true });
  writeFileSync(join(root, 'elsewhere/seo.yaml'), 'id: seo\n');
  writeFileSync(join(root, 'elsewhere/other.yaml'), 'id: other\n');
  writeFileSync(join(root, 'elsewhere/shared/feedback.yaml'), 'id: feedback\n');
  writeFileSync(join(root, 'elsewhere/shared/nested/deep.yaml'), 'id: deep\n');
  batches = [];
  startWatching();
});
afterEach(() => {
  stop();
  rmSync(root, { recursive: true, force: true });
});

/** Watches survey/ (again, after `stop`, to see links that were there from the start). */
function startWatching(): void {
  stop = watchSources(root, (batch) => batches.push(batch), { dirs: ['survey'] });
}

/** Waits until batches have named every one of `paths`, then forgets the batches so far. */
async function seen(...paths: string[]): Promise<void> {
  await vi.waitFor(() => expect(batches.flatMap((batch) => batch.paths)).toEqual(expect.arrayContaining(paths)), { timeout: 3000, interval: 20 });
  batches = [];
}

/** Waits long enough for a change to be seen, and checks that none was. */
async function nothingSeen(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(batches.flatMap((batch) => batch.paths)).toEqual([]);
}

/** A link at `path` to `target`, both relative to the root. */
const link = (target: string, path: string) => symlinkSync(join(root, target), join(root, path));

/** Points the link at `path` to `target` at once, as `ln -sfn` does: a new link renamed over the old. */
const repoint = (target: string, path: string) => {
  link(target, `${path}.new~`);
  renameSync(join(root, `${path}.new~`), join(root, path));
};

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

describe('watchSources through links', () => {
  it('sees an edit of a linked file\'s target, in place or by rename, under the link\'s path', async () => {
    link('elsewhere/seo.yaml', 'survey/seo.yaml');
    stop();
    startWatching();
    writeFileSync(join(root, 'elsewhere/seo.yaml'), 'id: seo-2\n');
    await seen('survey/seo.yaml');
    saveByRename('elsewhere/seo.yaml', 'id: seo-3\n');
    await seen('survey/seo.yaml');
    writeFileSync(join(root, 'elsewhere/seo.yaml'), 'id: seo-4\n');
    await seen('survey/seo.yaml');
  });

  it('sees a link made while watching, and reports each of two links to the same file', async () => {
    link('elsewhere/seo.yaml', 'survey/seo.yaml');
    await seen('survey/seo.yaml');
    link('elsewhere/seo.yaml', 'survey/seo-copy.yaml');
    await seen('survey/seo-copy.yaml');
    saveByRename('elsewhere/seo.yaml', 'id: seo-2\n');
    await seen('survey/seo.yaml', 'survey/seo-copy.yaml');
  });

  it('follows a re-pointed link to its new target, and a removed link no more', async () => {
    link('elsewhere/seo.yaml', 'survey/seo.yaml');
    await seen('survey/seo.yaml');
    repoint('elsewhere/other.yaml', 'survey/seo.yaml');
    await seen('survey/seo.yaml');
    writeFileSync(join(root, 'elsewhere/seo.yaml'), 'id: seo-2\n');
    await nothingSeen();
    writeFileSync(join(root, 'elsewhere/other.yaml'), 'id: other-2\n');
    await seen('survey/seo.yaml');
    unlinkSync(join(root, 'survey/seo.yaml'));
    await seen('survey/seo.yaml');
    writeFileSync(join(root, 'elsewhere/other.yaml'), 'id: other-3\n');
    await nothingSeen();
  });

  it('watches a linked folder like a folder, with what it holds, under the link\'s path', async () => {
    link('elsewhere/shared', 'survey/shared');
    stop();
    startWatching();
    writeFileSync(join(root, 'elsewhere/shared/feedback.yaml'), 'id: feedback-2\n');
    await seen('survey/shared/feedback.yaml');
    saveByRename('elsewhere/shared/nested/deep.yaml', 'id: deep-2\n');
    await seen('survey/shared/nested/deep.yaml');
    // One made while watching: its files are reported at once, and their edits after.
    link('elsewhere/shared', 'survey/also-shared');
    await seen('survey/also-shared/nested/deep.yaml');
    saveByRename('elsewhere/shared/feedback.yaml', 'id: feedback-3\n');
    await seen('survey/also-shared/feedback.yaml');
  });

  it('ignores a broken link, there from the start or made later, and watches the rest', async () => {
    link('elsewhere/missing.yaml', 'survey/missing.yaml');
    link('elsewhere/missing', 'survey/missing');
    stop();
    startWatching();
    link('elsewhere/gone.yaml', 'survey/gone.yaml');
    link('elsewhere/gone', 'survey/gone');
    writeFileSync(join(root, 'survey/cancellation.yaml'), 'id: b\n');
    await seen('survey/cancellation.yaml');
    // Mended by pointing it at a file that is there.
    repoint('elsewhere/seo.yaml', 'survey/missing.yaml');
    await seen('survey/missing.yaml');
    writeFileSync(join(root, 'elsewhere/seo.yaml'), 'id: seo-2\n');
    await seen('survey/missing.yaml');
  });

  it('does not descend for ever into a link to a folder it is in', async () => {
    link('survey', 'survey/examples/up');
    link('', 'survey/project');
    link('elsewhere/shared', 'survey/shared');
    link('elsewhere/shared', 'elsewhere/shared/nested/back');
    stop();
    startWatching();
    link('survey/examples', 'survey/examples/here');
    writeFileSync(join(root, 'survey/cancellation.yaml'), 'id: b\n');
    writeFileSync(join(root, 'elsewhere/shared/nested/deep.yaml'), 'id: deep-2\n');
    const expected = ['survey/cancellation.yaml', 'survey/shared/nested/deep.yaml'];
    await vi.waitFor(() => expect(batches.flatMap((batch) => batch.paths)).toEqual(expect.arrayContaining(expected)), { timeout: 3000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Each file once, under the path that reaches it without going round.
    expect([...new Set(batches.flatMap((batch) => batch.paths))].sort()).toEqual(expected);
  });
});
