/** What sqlite-file-worker.mjs finds in a SQLite file, for backup.ts to judge. */
export type SqliteFileFacts =
  | { readable: false; reason: 'cannot_open' | 'not_a_database' }
  | {
      readable: true;
      /** integrity_check's report: `['ok']` for a sound file. */
      integrity: string[];
      /** The migrations applied, in order; null without a migrations table. */
      migrations: string[] | null;
      /** Its members; null without a members table. */
      members: number | null;
    };
