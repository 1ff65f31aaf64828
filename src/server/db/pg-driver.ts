import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);
let driver: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded when the site first opens a PostgreSQL database: a site on SQLite
 * never holds its code (about 3 MB of heap, issue 29's memory item).
 */
export function pgDriver(): typeof pg {
  driver ??= require('pg') as typeof pg;
  return driver;
}
