import fs from 'node:fs';
import path from 'node:path';

export interface TreeFile {
  /** Path below the listed folder, with forward slashes (as stored in a tar archive). */
  path: string;
  bytes: number;
}

/**
 * Every regular file below `dir`, sorted by path; a missing folder has none. Symbolic links are
 * followed (an operator may link terrain tiles in from elsewhere; the archive keeps their
 * contents), each real folder once so a link loop ends.
 */
export function listFiles(dir: string, skip: (name: string) => boolean = () => false): TreeFile[] {
  const files: TreeFile[] = [];
  const seenFolders = new Set<string>();
  const visit = (folder: string, prefix: string): void => {
    const real = fs.realpathSync(folder);
    if (seenFolders.has(real)) return;
    seenFolders.add(real);
    for (const name of fs.readdirSync(folder).sort()) {
      if (skip(name)) continue;
      const full = path.join(folder, name);
      const stat = fs.statSync(full, { throwIfNoEntry: false });
      // A dangling link, or a file removed since the listing: nothing to keep.
      if (!stat) continue;
      if (stat.isDirectory()) visit(full, `${prefix}${name}/`);
      else if (stat.isFile()) files.push({ path: `${prefix}${name}`, bytes: stat.size });
    }
  };
  if (fs.existsSync(dir)) visit(dir, '');
  return files;
}

export function totalBytes(files: TreeFile[]): number {
  return files.reduce((sum, file) => sum + file.bytes, 0);
}

/** True for a file with content or a folder with anything in it. */
export function holdsData(target: string): boolean {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return false;
  return stat.isDirectory() ? fs.readdirSync(target).length > 0 : stat.size > 0;
}
