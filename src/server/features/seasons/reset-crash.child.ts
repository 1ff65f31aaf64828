/**
 * The app as a real process for seasons.reset-crash.test.ts, with one difference: right after a
 * reset has set every score to 0, and before it commits, its database stops for good and the
 * process says so on stdout, so the test can kill -9 it inside the reset's transaction. It prints
 * 'LISTENING <port>' once it serves (PORT=0 picks a free port) and 'RESET PAUSED' at that point.
 */
import {
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { buildApp } from '../../app.ts';
import { systemClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { createWomGateway } from '../../wom/create-gateway.ts';

/** The reset's last write to members: every score set to 0. */
function zeroesScores(node: RootOperationNode): boolean {
  return (
    UpdateQueryNode.is(node) &&
    JSON.stringify(node.table).includes('"members"') &&
    JSON.stringify(node.updates).includes('"siege_score"')
  );
}

class StopInsideReset implements KyselyPlugin {
  readonly #zeroing = new WeakSet<QueryId>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (zeroesScores(args.node)) this.#zeroing.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#zeroing.has(args.queryId)) return args.result;
    process.stdout.write('RESET PAUSED\n');
    return new Promise<never>(() => undefined);
  }
}

const config = loadConfig();
const database = openDatabase(config.database);
const db = database.db.withPlugin(new StopInsideReset());
const app = await buildApp({
  config,
  database: { ...database, db },
  wom: { gateway: createWomGateway(config, systemClock), groupId: 1 },
  jobs: createJobRunner({ db, clock: systemClock, instanceId: `reset-crash-${process.pid}`, jobs: [] }),
  logger: false,
});
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : ''}\n`);
