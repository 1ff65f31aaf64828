import { randomBytes } from 'node:crypto';
import {
  createAccount,
  resetPassword,
  setAdminFlagByUsername,
  type AccountDeps,
} from '../features/users/accounts.service.ts';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> <username> [--password <password>]

Commands:
  create <username>          create an admin account
  reset-password <username>  set a new password and sign the user out everywhere
  grant <username>           make an existing user an admin
  revoke <username>          take admin rights away (the last admin cannot be revoked)

Without --password, create and reset-password generate one and print it.`;

const SHELL = { userId: null, label: 'npm run admin' };

export class UsageError extends Error {
  override name = 'UsageError';
}

function parse(args: string[]): { command: string; username: string; password: string | undefined } {
  const positional: string[] = [];
  let password: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--password') {
      password = args[i + 1];
      if (password === undefined) throw new UsageError('--password needs a value');
      i += 1;
    } else {
      positional.push(arg);
    }
  }
  const [command, username, ...extra] = positional;
  if (!command || !username || extra.length > 0) throw new UsageError(ADMIN_USAGE);
  return { command, username, password };
}

/** Runs one admin command and returns the line to print. Errors carry the reason. */
export async function runAdminCommand(deps: AccountDeps, args: string[]): Promise<string> {
  const { command, username, password } = parse(args);
  const chosen = password ?? randomBytes(12).toString('base64url');
  const shown = password === undefined ? ` Password: ${chosen}` : '';
  switch (command) {
    case 'create': {
      const user = await createAccount(
        deps,
        { username, password: chosen, isAdmin: true, origin: 'shell' },
        SHELL,
      );
      return `Created admin "${user.username}".${shown}`;
    }
    case 'reset-password': {
      const user = await resetPassword(deps, { username, password: chosen }, SHELL);
      return `Reset the password of "${user.username}".${shown}`;
    }
    case 'grant': {
      const user = await setAdminFlagByUsername(deps, { username, isAdmin: true }, SHELL);
      return `"${user.username}" is now an admin.`;
    }
    case 'revoke': {
      const user = await setAdminFlagByUsername(deps, { username, isAdmin: false }, SHELL);
      return `"${user.username}" is no longer an admin.`;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${ADMIN_USAGE}`);
  }
}
