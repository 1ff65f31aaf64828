/**
 * Tables in an order where each comes after every table it references, so rows inserted in that
 * order never point at a row not yet there; ties go by name, so the order is the same on every run.
 * A table's reference to itself is left to the order of its own rows. Throws on a cycle, which no
 * single order can satisfy.
 */
export function dependencyOrder(
  tables: readonly string[],
  references: ReadonlyArray<{ from: string; to: string }>,
): string[] {
  const waitingFor = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of references) {
    if (from !== to && waitingFor.has(to)) waitingFor.get(from)?.add(to);
  }
  const ordered: string[] = [];
  while (waitingFor.size > 0) {
    const ready = [...waitingFor].filter(([, needs]) => needs.size === 0).map(([table]) => table);
    if (ready.length === 0) {
      throw new Error(`These tables reference each other in a cycle: ${[...waitingFor.keys()].join(', ')}`);
    }
    const next = ready.sort()[0]!;
    ordered.push(next);
    waitingFor.delete(next);
    for (const needs of waitingFor.values()) needs.delete(next);
  }
  return ordered;
}
