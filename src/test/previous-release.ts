import type { Migrations } from '#server/db/migrator.ts';
import { migrations } from '#server/db/migrations/index.ts';

/**
 * The last migration of the release before this one: a database it made is what an upgrade meets.
 * When a release is cut, this becomes its last migration, and make-previous-release-fixture.ts
 * writes the fixtures of src/server/db/fixtures again.
 */
export const PREVIOUS_RELEASE = '2026_12_06_0900_bingo_play';

/** The previous release's migrations, which make a database as that release left it. */
export const previousReleaseMigrations: Migrations = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name <= PREVIOUS_RELEASE),
);
