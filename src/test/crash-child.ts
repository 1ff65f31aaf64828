/**
 * The app as a real process for the kill -9 tests (crash-process.ts starts it), with one
 * difference: STOP_AT_WRITE names a write ('update members.siege_score', 'insert points',
 * 'update claim_requests'), and just after the app makes that write, inside whatever transaction
 * it is in, its database stops answering for good and the process prints 'PAUSED', so the test
 * can kill it there. It prints 'LISTENING <port>' once it serves (PORT=0 picks a free port). Like
 * main.ts it runs the WOM sync when an admin asks ("Sync now"), but it schedules nothing.
 */
import {
  ColumnNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { buildApp, womSyncDeps } from '#server/app.ts';
import { systemClock } from '#shared/clock.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { womSyncJob } from '#server/features/wom-sync/wom-sync.service.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';
import { createWomGateway } from '#server/wom/create-gateway.ts';

interface WriteToStopAt {
  kind: 'insert' | 'update';
  table: string;
  /** For an update: only one that sets this column. */
  column: string | null;
}

function parseStopAt(value: string | undefined): WriteToStopAt {
  const match = /^(insert|update) ([a-z_]+)(?:\.([a-z_]+))?$/.exec(value ?? '');
  if (!match) throw new Error(`STOP_AT_WRITE must read like 'update members.siege_score', got ${value}`);
  return { kind: match[1] as WriteToStopAt['kind'], table: match[2]!, column: match[3] ?? null };
}

function tableName(node: OperationNode | undefined): string | null {
  return node && TableNode.is(node) ? node.table.identifier.name : null;
}

function isWrite(node: RootOperationNode, write: WriteToStopAt): boolean {
  if (write.kind === 'insert') return InsertQueryNode.is(node) && tableName(node.into) === write.table;
  if (!UpdateQueryNode.is(node) || tableName(node.table) !== write.table) return false;
  return (
    write.column === null ||
    (node.updates ?? []).some(
      (update) => ColumnNode.is(update.column) && update.column.column.name === write.column,
    )
  );
}

class StopAtWrite implements KyselyPlugin {
  readonly #matching = new WeakSet<QueryId>();

  constructor(private readonly write: WriteToStopAt) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (isWrite(args.node, this.write)) this.#matching.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#matching.has(args.queryId)) return args.result;
    process.stdout.write('PAUSED\n');
    return new Promise<never>(() => undefined);
  }
}

const config = loadConfig();
const opened = openDatabase(config.database);
const database = {
  ...opened,
  db: opened.db.withPlugin(new StopAtWrite(parseStopAt(process.env.STOP_AT_WRITE))),
};
const wom = { gateway: createWomGateway(config, systemClock), groupId: config.wom.groupId ?? 1 };
const jobs = createJobRunner({
  db: database.db,
  clock: systemClock,
  instanceId: `crash-child-${process.pid}`,
  jobs: [womSyncJob(womSyncDeps({ config, database, wom }))],
  leaseTtlMs: config.jobs.leaseTtlMs,
});
const app = await buildApp({ config, database, wom, jobs, logger: false });
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : ''}\n`);
