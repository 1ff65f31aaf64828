import { basename } from 'node:path';
import type { Clock } from '#shared/clock.ts';
import { siteCommand } from '../../cli/site-command.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { MigrationError, migrateToLatest, migrationState, type Migrations } from '../../db/migrator.ts';
import { takeBackup, type BackupTaker } from './take-backup.ts';

/** An upgrade that did not happen; its message says why, that nothing changed, and how to go back. */
export class UpgradeError extends Error {
  override name = 'UpgradeError';
}

export interface UpgradeDeps extends BackupTaker {
  /** Real time, which names the backup. */
  clock: Clock;
  /** Where the backup taken before the migrations is reported. */
  log: (message: string) => void;
  /** This version's migrations; tests add one that fails. */
  migrations?: Migrations;
}

export interface Upgrade {
  applied: string[];
  /** The backup taken before the migrations ran, or null when none was needed. */
  backup: string | null;
}

function failed(error: MigrationError, backup: string | null): UpgradeError {
  const lines = [
    error.message.replace(/\.?$/, '.'),
    'The database is unchanged: the migrations ran in one transaction, which was rolled back.',
  ];
  if (backup !== null) {
    lines.push(
      'To go back to the previous version, run the previous release (its image tag or git tag): your',
      `data is as it was. A backup was taken before the upgrade at ${backup}`,
      `(restore it with \`${siteCommand('restore', basename(backup))}\`).`,
    );
  }
  return new UpgradeError(lines.join('\n'), { cause: error });
}

/**
 * Brings the database up to this version's migrations, as every start and `npm run db:migrate`
 * do. A database that already holds data and has migrations to run is backed up first, into the
 * backup folder as `<name>-pre-upgrade-<time>`, which the listing shows and the retention keeps
 * (retention.ts), and the log names the file and the migrations. A fresh database has nothing to
 * keep. The migrations run all or none: when one fails, the database is as it was, and the error
 * says so, how to go back and where the backup is.
 */
export async function upgradeDatabase(handle: DatabaseHandle, deps: UpgradeDeps): Promise<Upgrade> {
  const { applied, pending } = await migrationState(handle, deps.migrations);
  if (pending.length === 0) return { applied: [], backup: null };
  let backup: string | null = null;
  if (applied.length > 0) {
    try {
      backup = (await takeBackup(deps, deps.clock.now(), 'pre-upgrade')).path;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UpgradeError(`No migration was run: the backup before them could not be taken.\n${reason}`, {
        cause: error,
      });
    }
    deps.log(`Backed up the database to ${backup} before migrating it: ${pending.join(', ')}`);
  }
  try {
    return { applied: await migrateToLatest(handle, deps.migrations), backup };
  } catch (error) {
    if (error instanceof MigrationError) throw failed(error, backup);
    throw error;
  }
}
