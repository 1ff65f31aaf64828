import { useId } from 'react';
import { BINGO_LIMITS } from '#core/bingo/bingo.schema.ts';
import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from '#core/metrics/metric-catalogue.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import type { TileDraft } from '../lib/board-form.ts';

export const FIELD =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400';
export const LABEL = 'block text-sm font-medium text-stone-200';

const ICON_GROUPS = [
  { label: 'Bosses', metrics: BOSS_KEYS },
  { label: 'Skills', metrics: SKILL_KEYS },
  { label: 'Activities', metrics: ACTIVITY_KEYS },
] as const;

const GOALS: ReadonlyArray<{ value: TileDraft['type']; label: string }> = [
  { value: 'item', label: 'Items from Dink (drops and collection log)' },
  { value: 'kc', label: "Kills of a boss (WOM's gains, or Dink's kill counts)" },
  { value: 'xp', label: "XP in a skill (WOM's gains)" },
  { value: 'manual', label: 'Anything else, proved by a screenshot' },
];

/** One tile's fields: its title, points and goal (issue 31). */
export function TileEditor({ tile, onChange }: { tile: TileDraft; onChange: (tile: TileDraft) => void }) {
  const id = useId();
  const set = (changes: Partial<TileDraft>) => onChange({ ...tile, ...changes });
  const metrics = tile.type === 'kc' ? BOSS_KEYS : SKILL_KEYS;
  return (
    <fieldset className="grid gap-3 rounded border border-stone-700 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-gold-300">
        Tile in row {tile.row + 1}, column {tile.col + 1}
      </legend>
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className={LABEL}>
          Title
        </label>
        <input
          id={`${id}-title`}
          value={tile.title}
          maxLength={BINGO_LIMITS.titleLength}
          onChange={(event) => set({ title: event.target.value })}
          className={FIELD}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-points`} className={LABEL}>
          Points
        </label>
        <input
          id={`${id}-points`}
          type="number"
          min={0}
          value={tile.points}
          onChange={(event) => set({ points: event.target.value })}
          className={FIELD}
        />
      </div>
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-icon`} className={LABEL}>
          Icon
        </label>
        <select
          id={`${id}-icon`}
          value={tile.icon}
          onChange={(event) => set({ icon: event.target.value })}
          className={FIELD}
        >
          <option value="">
            {tile.type === 'kc' || tile.type === 'xp' ? "The boss's or skill's own" : 'None'}
          </option>
          {ICON_GROUPS.map(({ label, metrics: keys }) => (
            <optgroup key={label} label={label}>
              {keys.map((key) => (
                <option key={key} value={key}>
                  {metricDisplayName(key)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-type`} className={LABEL}>
          Goal
        </label>
        <select
          id={`${id}-type`}
          value={tile.type}
          onChange={(event) => set({ type: event.target.value as TileDraft['type'], metric: '' })}
          className={FIELD}
        >
          {GOALS.map((goal) => (
            <option key={goal.value} value={goal.value}>
              {goal.label}
            </option>
          ))}
        </select>
      </div>
      {tile.type === 'item' && (
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor={`${id}-items`} className={LABEL}>
            Items (one per line: a name or an item id, any of them counts)
          </label>
          <textarea
            id={`${id}-items`}
            rows={3}
            value={tile.items}
            onChange={(event) => set({ items: event.target.value })}
            className={FIELD}
          />
        </div>
      )}
      {(tile.type === 'kc' || tile.type === 'xp') && (
        <div className="space-y-1">
          <label htmlFor={`${id}-metric`} className={LABEL}>
            {tile.type === 'kc' ? 'Boss' : 'Skill'}
          </label>
          <select
            id={`${id}-metric`}
            value={tile.metric}
            onChange={(event) => set({ metric: event.target.value })}
            className={FIELD}
          >
            <option value="">-- Select --</option>
            {metrics.map((metric) => (
              <option key={metric} value={metric}>
                {metricDisplayName(metric)}
              </option>
            ))}
          </select>
        </div>
      )}
      {tile.type !== 'manual' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-count`} className={LABEL}>
            {tile.type === 'xp' ? 'XP to gain' : tile.type === 'kc' ? 'Kills' : 'How many'}
          </label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            value={tile.count}
            onChange={(event) => set({ count: event.target.value })}
            className={FIELD}
          />
        </div>
      )}
    </fieldset>
  );
}
