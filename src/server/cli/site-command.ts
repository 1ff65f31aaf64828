/** The site's shell commands that its messages tell someone to run, by their npm script name. */
const BUNDLES = {
  admin: 'admin.js',
  restore: 'restore.js',
} as const;

export type SiteCommand = keyof typeof BUNDLES;

interface Invocation {
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
}

/**
 * How to type one of the site's commands beside this process, for a message that says to run it.
 * Node running a bundle of `dist/server` without npm is the image, which has no npm: its commands
 * are the bundles beside the server's. Everywhere else npm started this process (or could have),
 * so the npm script is the way.
 */
export function siteCommand(command: SiteCommand, args = '', invocation: Invocation = process): string {
  const entry = invocation.argv[1] ?? '';
  const bundled =
    invocation.env.npm_lifecycle_event === undefined && /dist[\\/]server[\\/][^\\/]+\.js$/.test(entry);
  if (bundled) return `node dist/server/${BUNDLES[command]}${args && ` ${args}`}`;
  return `npm run ${command}${args && ` -- ${args}`}`;
}
