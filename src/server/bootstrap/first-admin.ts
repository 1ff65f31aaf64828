import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, isDemoMode, type Config } from '../config.ts';
import {
  createDemoAdminIfNone,
  upsertAdminAccount,
  type AccountDeps,
} from '../features/users/accounts.service.ts';
import { countAdmins } from '../features/users/users.repository.ts';
import { HttpError } from '../http/http-error.ts';
import { framedBlock } from '../logging/framed-block.ts';
import type { LogSink } from '../logging/logger-options.ts';
import { siteCommand } from '../cli/site-command.ts';

/** A name the account rules refuse stops start-up with the reason, naming the variable to fix. */
function refusedName(error: unknown): unknown {
  return error instanceof HttpError && error.statusCode < 500
    ? new ConfigError(`Invalid configuration:\n  ADMIN_USERNAME: ${error.message}`)
    : error;
}

/**
 * DESIGN §2: ADMIN_USERNAME / ADMIN_PASSWORD create or update the first admin at start; in demo
 * mode without them, an `admin` with a random password is created once and the password logged once.
 * `out` is where the log goes (stdout), for the password's plain lines beside JSON records.
 */
export async function ensureFirstAdmin(
  deps: AccountDeps,
  config: Config,
  log: FastifyBaseLogger,
  out: LogSink = process.stdout,
): Promise<void> {
  if (config.firstAdmin) {
    const { user, change } = await upsertAdminAccount(deps, config.firstAdmin, {
      userId: null,
      label: 'start-up',
    }).catch((error: unknown) => {
      throw refusedName(error);
    });
    if (change !== 'unchanged') {
      log.info(
        `${change === 'created' ? 'Created' : 'Updated'} admin account "${user.username}" from ADMIN_USERNAME`,
      );
    }
    return;
  }
  if (!isDemoMode(config)) {
    if ((await countAdmins(deps.db)) === 0) {
      log.warn(
        `There is no admin yet: set ADMIN_USERNAME and ADMIN_PASSWORD, or run ${siteCommand('admin', 'create <username>')}`,
      );
    }
    return;
  }
  const generated = await createDemoAdminIfNone(deps);
  if (!generated) return;
  const notice = [
    'Created the first admin. Its password is shown only this once:',
    framedBlock([`Username: ${generated.username}`, `Password: ${generated.password}`]),
    `Change it with: ${siteCommand('admin', `reset-password ${generated.username}`)}`,
  ].join('\n');
  if (config.logFormat === 'pretty') {
    // One record, box and all, so the password stays with its explanation.
    log.warn(notice);
    return;
  }
  // Inside a JSON record the box is one long line broken by \n escapes, hard to read and copy a
  // password from in `docker logs` or the journal: it is printed as it reads instead.
  out.write(`${notice}\n`);
  log.warn(
    `Created the first admin "${generated.username}": its password is printed once above as plain lines, not in a record`,
  );
}
