import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { MEASURE_NAMES } from '#core/clan/rank-ladder.ts';
import { RANK_MEASURES, type RankMeasure } from '#core/clan/rank-ladder.schema.ts';
import { WOM_GROUP_ROLES } from '#core/members/known-roles.ts';
import { moved, rowId, type LadderForm, type PathRow, type RankRow } from '../lib/ladder-form.ts';

/** A field's look without its width, for the fields whose width the row decides. */
const FIELD =
  'rounded border border-stone-700 bg-stone-950 px-2 py-1.5 text-sm text-stone-100 focus:border-gold-400';
const INPUT = `${FIELD} w-full`;
const ICON_BUTTON =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded border border-stone-700 text-stone-300 hover:bg-stone-800 disabled:opacity-40';
const TEXT_BUTTON =
  'inline-flex items-center gap-1 rounded border border-stone-700 px-2.5 py-1.5 text-sm text-stone-200 hover:bg-stone-800';

/** The roles a rank can take: Wise Old Man's, so the in-game rank and the icon match (issue 30). */
const ROLE_LIST_ID = 'ladder-wom-roles';

function RoleOptions() {
  return (
    <datalist id={ROLE_LIST_ID}>
      {WOM_GROUP_ROLES.map((role) => (
        <option key={role} value={role} />
      ))}
    </datalist>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-xs font-medium text-stone-400">
      {children}
    </label>
  );
}

function RankEditor({
  rank,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  rank: RankRow;
  index: number;
  count: number;
  onChange: (rank: RankRow) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = rank.name.trim() || `Rank ${index + 1}`;
  const setRequirement = (at: number, patch: { measure?: RankMeasure; min?: string }) =>
    onChange({
      ...rank,
      requirements: rank.requirements.map((requirement, i) =>
        i === at ? { ...requirement, ...patch } : requirement,
      ),
    });
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded border border-stone-800 bg-stone-950/60 p-3">
      <div className="w-full sm:w-36">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <input
          id={`${id}-name`}
          value={rank.name}
          onChange={(event) => onChange({ ...rank, name: event.target.value })}
          className={INPUT}
          autoComplete="off"
        />
      </div>
      <div className="w-full sm:w-36">
        <Label htmlFor={`${id}-role`}>WOM role</Label>
        <input
          id={`${id}-role`}
          value={rank.role}
          list={ROLE_LIST_ID}
          onChange={(event) => onChange({ ...rank, role: event.target.value })}
          className={INPUT}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <fieldset className="min-w-0 flex-1 basis-72 space-y-1.5">
        <legend className="mb-1 text-xs font-medium text-stone-400">
          {rank.requirements.length === 0
            ? `${label} asks nothing: every member starts here`
            : `${label} requires`}
        </legend>
        {rank.requirements.map((requirement, at) => (
          <div key={requirement.id} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
            <select
              aria-label={`${label} requirement ${at + 1} measure`}
              value={requirement.measure}
              onChange={(event) => setRequirement(at, { measure: event.target.value as RankMeasure })}
              className={`${FIELD} w-full sm:w-auto sm:min-w-0 sm:flex-1`}
            >
              {RANK_MEASURES.map((measure) => (
                <option key={measure} value={measure}>
                  {MEASURE_NAMES[measure]}
                </option>
              ))}
            </select>
            <span className="shrink-0 text-xs text-stone-400">at least</span>
            <input
              aria-label={`${label} requirement ${at + 1} minimum`}
              value={requirement.min}
              inputMode="numeric"
              onChange={(event) => setRequirement(at, { min: event.target.value })}
              className={`${FIELD} w-24 shrink-0 sm:w-28`}
              autoComplete="off"
            />
            <button
              type="button"
              aria-label={`Remove ${label} requirement ${at + 1}`}
              onClick={() =>
                onChange({ ...rank, requirements: rank.requirements.filter((_, i) => i !== at) })
              }
              className={ICON_BUTTON}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() =>
            onChange({
              ...rank,
              requirements: [...rank.requirements, { id: rowId(), measure: 'clan_xp', min: '0' }],
            })
          }
          className="inline-flex items-center gap-1 text-xs text-gold-300 hover:text-gold-400"
        >
          <Plus aria-hidden="true" className="h-3.5 w-3.5" /> Add requirement
          <span className="sr-only"> to {label}</span>
        </button>
      </fieldset>
      <div className="flex gap-1 self-start sm:pt-5">
        <button
          type="button"
          aria-label={`Move ${label} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
          className={ICON_BUTTON}
        >
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
        </button>
        <button
          type="button"
          aria-label={`Move ${label} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          className={ICON_BUTTON}
        >
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        </button>
        <button
          type="button"
          aria-label={`Remove ${label}`}
          disabled={count === 1}
          onClick={onRemove}
          className={ICON_BUTTON}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}

function PathEditor({
  path,
  onChange,
  onRemove,
}: {
  path: PathRow;
  onChange: (path: PathRow) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = path.name.trim() || 'this path';
  const setRank = (index: number, rank: RankRow) =>
    onChange({ ...path, ranks: path.ranks.map((current, i) => (i === index ? rank : current)) });
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-stone-700 p-3">
      <h4 id={`${id}-heading`} className="sr-only">
        Path {path.name}
      </h4>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow basis-40">
          <Label htmlFor={`${id}-name`}>Path name</Label>
          <input
            id={`${id}-name`}
            value={path.name}
            onChange={(event) => onChange({ ...path, name: event.target.value })}
            className={INPUT}
            autoComplete="off"
          />
        </div>
        <div className="min-w-0 grow basis-28">
          <Label htmlFor={`${id}-key`}>Key</Label>
          <input
            id={`${id}-key`}
            value={path.key}
            onChange={(event) => onChange({ ...path, key: event.target.value })}
            className={INPUT}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <button type="button" onClick={onRemove} className={TEXT_BUTTON}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove path
          <span className="sr-only"> {label}</span>
        </button>
      </div>
      <ol className="space-y-2" aria-label={`Ranks of ${label}, lowest first`}>
        {path.ranks.map((rank, index) => (
          <RankEditor
            key={rank.id}
            rank={rank}
            index={index}
            count={path.ranks.length}
            onChange={(next) => setRank(index, next)}
            onMove={(step) => onChange({ ...path, ranks: moved(path.ranks, index, step) })}
            onRemove={() => onChange({ ...path, ranks: path.ranks.filter((_, i) => i !== index) })}
          />
        ))}
      </ol>
      <button
        type="button"
        onClick={() =>
          onChange({ ...path, ranks: [...path.ranks, { id: rowId(), role: '', name: '', requirements: [] }] })
        }
        className={TEXT_BUTTON}
      >
        <Plus aria-hidden="true" className="h-4 w-4" /> Add rank<span className="sr-only"> to {label}</span>
      </button>
    </section>
  );
}

/**
 * The ladder as the admin edits it (issue 30): paths of ranks, lowest first, each rank a WOM role, a
 * name and the requirements that must all hold; and the roles exempt from it. Every control is
 * labelled by its rank, so a screen reader says which rank a button moves.
 */
export function LadderEditor({ form, onChange }: { form: LadderForm; onChange: (form: LadderForm) => void }) {
  const exemptId = useId();
  return (
    <div className="space-y-4">
      <RoleOptions />
      {form.paths.map((path, index) => (
        <PathEditor
          key={path.id}
          path={path}
          onChange={(next) =>
            onChange({ ...form, paths: form.paths.map((current, i) => (i === index ? next : current)) })
          }
          onRemove={() => onChange({ ...form, paths: form.paths.filter((_, i) => i !== index) })}
        />
      ))}
      <button
        type="button"
        onClick={() =>
          onChange({
            ...form,
            paths: [
              ...form.paths,
              {
                id: rowId(),
                key: '',
                name: '',
                ranks: [{ id: rowId(), role: '', name: '', requirements: [] }],
              },
            ],
          })
        }
        className={TEXT_BUTTON}
      >
        <Plus aria-hidden="true" className="h-4 w-4" /> Add path
      </button>
      <div className="space-y-1">
        <label htmlFor={exemptId} className="block text-sm font-medium text-stone-200">
          Exempt roles
        </label>
        <input
          id={exemptId}
          value={form.exempt}
          onChange={(event) => onChange({ ...form, exempt: event.target.value })}
          className={INPUT}
          aria-describedby={`${exemptId}-hint`}
          autoComplete="off"
          spellCheck={false}
        />
        <p id={`${exemptId}-hint`} className="text-xs text-stone-400">
          WOM roles the ladder never proposes to change, separated by commas: appointed titles, maxed.
        </p>
      </div>
    </div>
  );
}
