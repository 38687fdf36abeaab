import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { createBackup } from './backup.js';
import { BackupError } from './backupError.js';
import { restoreBackup } from './restore.js';

const USAGE = `Usage (with the server's environment: DATA_DIR, TERRAIN_DIR, APP_SECRET, DATABASE_URL):
  npm run backup -- <archive.tar.gz> [--force]    snapshot of the running server's data; --force overwrites the file
  npm run restore -- <archive.tar.gz> [--force]   puts a backup back on a stopped server; --force replaces existing data`;

const COMMANDS = { backup: createBackup, restore: restoreBackup } as const;

/** Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong arguments. */
async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const names = rest.filter((arg) => arg !== '--force');
  const [file] = names;
  if (!(command === 'backup' || command === 'restore') || names.length !== 1 || !file || file.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // npm runs scripts in the project folder; the file is named relative to where the operator typed the command.
  const archiveFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const interrupt = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!interrupt.signal.aborted) process.stderr.write('Interrupted: stopping after the current step and removing temporary files...\n');
      interrupt.abort();
    });
  }
  try {
    const config = loadConfig(process.env);
    await COMMANDS[command](config, {
      archiveFile,
      force: rest.includes('--force'),
      report: (line) => process.stdout.write(`${line}\n`),
      signal: interrupt.signal,
    });
    return 0;
  } catch (error) {
    const action = command === 'backup' ? 'Backup' : 'Restore';
    if (error instanceof BackupError || error instanceof ConfigError) {
      process.stderr.write(`${action} not done: ${error.message}\n`);
    } else if (error instanceof Error && 'code' in error) {
      // A system error (no space left, permission denied): its message names the file and the cause.
      process.stderr.write(`${action} failed: ${error.message}\n`);
    } else {
      process.stderr.write(`${action} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return 1;
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
