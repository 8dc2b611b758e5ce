import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportTargetProblem, resolveThroughLinks } from './export-target.ts';

let dir: string;
let folders: { siteDir: string; uploadDir: string; databasePath: string };

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'forkcast-export-target-')));
  // The layout of a release: dist links to the build, whose client folder is the site folder.
  mkdirSync(join(dir, '.builds', 'b1', 'client'), { recursive: true });
  symlinkSync(join(dir, '.builds', 'b1'), join(dir, 'dist'));
  mkdirSync(join(dir, 'data', 'uploads'), { recursive: true });
  folders = {
    siteDir: join(dir, 'dist', 'client'),
    uploadDir: join(dir, 'data', 'uploads'),
    databasePath: join(dir, 'data', 'content.db'),
  };
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveThroughLinks', () => {
  it('follows every link on the way and appends the part that does not exist yet', async () => {
    expect(await resolveThroughLinks(join(dir, 'dist', 'client', 'new', 'deeper'))).toBe(
      join(dir, '.builds', 'b1', 'client', 'new', 'deeper'),
    );
    expect(await resolveThroughLinks(join(dir, 'data', 'uploads'))).toBe(join(dir, 'data', 'uploads'));
  });

  it("goes up from where a link leads, as the system does, not from the link's own folder", async () => {
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'data', 'uploads', '.'), join(dir, 'elsewhere', 'to-uploads'));
    // Read as text, elsewhere/to-uploads/../export is elsewhere/export; the system goes to data/export.
    expect(await resolveThroughLinks(`${dir}/elsewhere/to-uploads/../export`)).toBe(join(dir, 'data', 'export'));
  });

  it('reads a relative path from the working folder', async () => {
    expect(await resolveThroughLinks('some/new/folder')).toBe(join(realpathSync(process.cwd()), 'some', 'new', 'folder'));
  });
});

describe('exportTargetProblem', () => {
  const refusal = (to: string) => exportTargetProblem(to, folders);

  it('accepts a new folder beside the site folder or anywhere else', async () => {
    expect(await refusal(join(dir, 'dist', 'export'))).toBeUndefined();
    expect(await refusal(join(dir, 'export'))).toBeUndefined();
    expect(await refusal(join(dir, 'data-export'))).toBeUndefined();
  });

  it('refuses UPLOAD_DIR, the site folder and the database folder, and any folder inside them', async () => {
    expect(await refusal(join(dir, 'data', 'uploads', 'export'))).toMatch(/is inside UPLOAD_DIR \(.*data\/uploads\)/);
    expect(await refusal(join(dir, 'data', 'uploads'))).toMatch(/ is UPLOAD_DIR/);
    expect(await refusal(join(dir, 'dist', 'client', 'export'))).toMatch(/is inside the site folder/);
    expect(await refusal(join(dir, 'dist', 'client'))).toMatch(/ is the site folder/);
    expect(await refusal(join(dir, 'data', 'export'))).toMatch(/is inside the database's folder/);
  });

  it('refuses them reached through a symbolic link, however the path is written', async () => {
    symlinkSync(join(dir, 'data', 'uploads'), join(dir, 'uploads-link'));
    expect(await refusal(join(dir, 'uploads-link'))).toMatch(/ is UPLOAD_DIR/);
    expect(await refusal(join(dir, 'uploads-link', 'export'))).toMatch(/is inside UPLOAD_DIR/);
    expect(await refusal(join(dir, '.builds', 'b1', 'client', 'x'))).toMatch(/is inside the site folder/);
    expect(await refusal(`${dir}/uploads-link/../uploads/x`)).toMatch(/is inside UPLOAD_DIR/);
  });

  it('refuses a folder that holds one of them, which the export would copy into itself', async () => {
    expect(await refusal(join(dir, 'dist'))).toMatch(/holds the site folder .*into itself/);
    expect(await refusal(join(dir, '.builds'))).toMatch(/holds the site folder/);
    expect(await refusal(dir)).toMatch(/holds/);
    folders.databasePath = join(dir, 'private', 'db', 'content.db');
    expect(await refusal(join(dir, 'private'))).toMatch(/holds the database's folder \(.*private\/db\): name a new folder outside it$/);
  });

  it('keeps out of the database folder only when it is a data folder, not the checkout holding the site folder', async () => {
    folders.databasePath = join(dir, 'content.db');
    expect(await refusal(join(dir, 'dist', 'export'))).toBeUndefined();
    expect(await refusal(join(dir, 'data', 'uploads', 'export'))).toMatch(/is inside UPLOAD_DIR/);
  });
});
