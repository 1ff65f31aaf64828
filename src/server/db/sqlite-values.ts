import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/** better-sqlite3 binds neither booleans nor Dates; store them as 0/1 and ISO text like PostgreSQL reads them. */
function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

class SqliteValueTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return super.transformValue({ ...node, value: toSqliteValue(node.value) });
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return super.transformPrimitiveValueList({ ...node, values: node.values.map(toSqliteValue) });
  }
}

export class SqliteValuesPlugin implements KyselyPlugin {
  readonly #transformer = new SqliteValueTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
