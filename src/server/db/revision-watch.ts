export type RevisionRow = { name: string; revision: number };

export const revisionKeyOf = (rows: readonly RevisionRow[]): string =>
  rows.map((row) => `${row.name}:${row.revision}`).join('|');

/**
 * The data revisions as this process knows them, so a public read can key its prebuilt body without
 * asking the database. What it knows is dropped whenever this process writes (its next read asks the
 * database, which then holds the commit), and, on PostgreSQL, kept in step with every other instance's
 * commits by `LISTEN data_revisions` (revision-listener.ts). While it cannot vouch for what it knows
 * (nothing read yet, a write of its own since, the listener down), `known()` is null and the caller
 * reads the database.
 */
export class RevisionWatch {
  #revisions = new Map<string, number>();
  #key: string | null = null;
  /** Moves on every change heard of, so a read that overlapped one does not overwrite it. */
  #generation = 0;
  #trusted: () => boolean;
  #readNow: (() => readonly RevisionRow[] | null) | undefined;

  /**
   * @param trusted false while changes made elsewhere could go unheard (PostgreSQL's listener down)
   * @param readNow a synchronous read of the committed revisions, or null while none can be had
   *   (SQLite inside an open transaction)
   */
  constructor(options: { trusted?: () => boolean; readNow?: () => readonly RevisionRow[] | null } = {}) {
    this.#trusted = options.trusted ?? (() => true);
    this.#readNow = options.readNow;
  }

  /** The key of the committed revisions, or null when the database must be asked. */
  known(): string | null {
    if (this.#key !== null && this.#trusted()) return this.#key;
    if (this.#key === null && this.#readNow) {
      const rows = this.#readNow();
      if (rows) this.#learn(rows);
      return this.#trusted() ? this.#key : null;
    }
    return null;
  }

  /** This process wrote to the database: what it knows may be behind its own commit. */
  changed(): void {
    this.#generation += 1;
    this.#key = null;
  }

  /** Another instance's commit, as announced on the channel (`name:revision`). */
  announced(name: string, revision: number): void {
    this.#generation += 1;
    if (this.#key === null) return;
    this.#revisions.set(name, revision);
    this.#key = revisionKeyOf(this.#sorted());
  }

  /** Reads the revisions with `query` and keeps them unless a change was heard of meanwhile. */
  async read(query: () => Promise<readonly RevisionRow[]>): Promise<string> {
    const generation = this.#generation;
    const rows = await query();
    if (generation === this.#generation) this.#learn(rows);
    return revisionKeyOf(rows);
  }

  /** Forgets everything known: the listener lost its connection and may miss announcements. */
  forget(): void {
    this.changed();
  }

  #learn(rows: readonly RevisionRow[]): void {
    this.#revisions = new Map(rows.map((row) => [row.name, row.revision]));
    this.#key = revisionKeyOf(this.#sorted());
  }

  #sorted(): RevisionRow[] {
    return [...this.#revisions]
      .map(([name, revision]) => ({ name, revision }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
