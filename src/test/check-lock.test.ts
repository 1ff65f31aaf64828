import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-lock.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Json = Record<string, unknown>;
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;

/** Runs the lock check (CI's first step) on a package.json and lock written to a folder of their own. */
function checkLock(manifest: Json, lock: Json) {
  const dir = mkdtempSync(join(tmpdir(), 'clan-lock-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
  const result = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/check-lock.mjs', () => {
  it("passes the project's own package.json and lock", () => {
    expect(checkLock(readJson('package.json'), readJson('package-lock.json')).status).toBe(0);
  });

  it('fails when the lock leaves out a platform package that a locked package asks for', () => {
    const lock = readJson('package-lock.json');
    const packages = { ...(lock.packages as Json) };
    delete packages['node_modules/@tailwindcss/oxide-darwin-arm64'];
    const { status, output } = checkLock(readJson('package.json'), { ...lock, packages });
    expect(status).toBe(1);
    expect(output).toContain('@tailwindcss/oxide-darwin-arm64');
  });

  it('fails when package.json asks for a dependency the lock does not record', () => {
    const manifest = readJson('package.json');
    const dependencies = { ...(manifest.dependencies as Json), 'left-pad': '^1.3.0' };
    const { status, output } = checkLock({ ...manifest, dependencies }, readJson('package-lock.json'));
    expect(status).toBe(1);
    expect(output).toContain('left-pad');
  });
});
