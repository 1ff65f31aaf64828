import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Icons on disk, one file per name. `name` must come from the core mapping (ICON_FILES), which holds
 * plain file names only, so no path reaches outside `dir`.
 */

/** The stored bytes, or null when this icon was never stored (or cannot be read). */
export async function readStoredIcon(dir: string, name: string): Promise<Buffer | null> {
  try {
    return await readFile(join(dir, name));
  } catch {
    return null;
  }
}

/** The names of the icons on disk (temporary files aside); none when the folder does not exist yet. */
export async function listStoredIcons(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

/**
 * Writes a temporary file and renames it into place: instances sharing the folder (and a crash
 * halfway) never see half an icon, and two instances storing one icon at once both end up right.
 */
export async function storeIcon(dir: string, name: string, body: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${process.pid}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, body);
    await rename(temporary, join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
