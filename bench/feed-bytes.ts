/**
 * `npm run bench:feed-bytes`: what a Clan Feed page of 20 full-HD screenshots sends before and after
 * thumbnails, and what encoding them costs in memory (`lib/feed-bytes.ts`; `npm run bench` prints
 * the same rows). Exits non-zero when a thumbnail is over DESIGN §9's 100 KB or a post is not shown.
 */
import { measureFeedBytes } from './lib/feed-bytes.ts';
import { formatTable } from './lib/table.ts';

const { rows, problems } = await measureFeedBytes();
process.stdout.write(
  `\nA Clan Feed page of 20 screenshots; app = production build in demo mode (40 members, SQLite)\n\n${formatTable(rows)}\n`,
);
for (const problem of problems) process.stderr.write(`bench:feed-bytes: ${problem}\n`);
process.exit(problems.length > 0 ? 1 : 0);
