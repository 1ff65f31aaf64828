import { parseLadder } from '#core/clan/admin-clan.schema.ts';
import type { RankLadder, RankMeasure } from '#core/clan/rank-ladder.schema.ts';
import { normaliseRole } from '#core/members/roles.ts';

/** The ladder as the Ranks tab edits it: minimums as typed, exempt roles as one comma-separated line. */
export interface RequirementRow {
  id: string;
  measure: RankMeasure;
  min: string;
}
export interface RankRow {
  id: string;
  role: string;
  name: string;
  requirements: RequirementRow[];
}
export interface PathRow {
  id: string;
  key: string;
  name: string;
  ranks: RankRow[];
}
export interface LadderForm {
  paths: PathRow[];
  exempt: string;
}

let nextId = 0;
/** A key for React that survives reordering; never sent to the server. */
export const rowId = (): string => `row-${(nextId += 1)}`;

export function ladderForm(ladder: RankLadder): LadderForm {
  return {
    paths: ladder.paths.map((path) => ({
      id: rowId(),
      key: path.key,
      name: path.name,
      ranks: path.ranks.map((rank) => ({
        id: rowId(),
        role: rank.role,
        name: rank.name,
        requirements: rank.requirements.map((requirement) => ({
          id: rowId(),
          measure: requirement.measure,
          min: String(requirement.min),
        })),
      })),
    })),
    exempt: ladder.exempt.join(', '),
  };
}

/** '3,000,000' and '3000000' alike; a blank or unreadable minimum stays a string the schema refuses. */
function minOf(text: string): number | string {
  const plain = text.replace(/[,\s_]/g, '');
  if (plain === '') return text;
  const value = Number(plain);
  return Number.isFinite(value) ? value : text;
}

/**
 * The ladder the form describes, checked by the same rules the server applies, so a mistake is named
 * (by its rank) before anything is sent.
 */
export function ladderFromForm(form: LadderForm): { ladder: RankLadder } | { error: string } {
  return parseLadder({
    paths: form.paths.map((path) => ({
      key: path.key.trim(),
      name: path.name,
      ranks: path.ranks.map((rank) => ({
        // Typed as shown ('Deputy Owner') or as WOM spells it: sent as the stored key.
        role: normaliseRole(rank.role) ?? '',
        name: rank.name,
        requirements: rank.requirements.map((requirement) => ({
          measure: requirement.measure,
          min: minOf(requirement.min),
        })),
      })),
    })),
    exempt: form.exempt.split(',').flatMap((role) => normaliseRole(role) ?? []),
  });
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
