import { useId, useState } from 'react';
import { BINGO_LIMITS } from '#core/bingo/bingo.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { MemberCombobox, type MemberChoice } from '../../../components/member-combobox.tsx';
import { useBalance } from '../api/admin-bingo.ts';
import type { TeamDraft } from '../lib/board-form.ts';
import { FIELD, LABEL } from './tile-editor.tsx';

const SMALL_BUTTON =
  'rounded border border-stone-600 px-3 py-1.5 text-sm text-stone-200 hover:bg-stone-800 disabled:opacity-60';

/**
 * A board's teams (issue 31): named teams of members, a member in one team at most; or the members
 * chosen (and anyone on the sign-up list) balanced into N teams of near-equal EHB + EHP, each
 * shown with its total.
 */
export function TeamsEditor({
  teams,
  onChange,
  members,
  signups,
}: {
  teams: TeamDraft[];
  onChange: (teams: TeamDraft[]) => void;
  members: readonly MemberChoice[];
  signups: ReadonlyArray<{ wom_id: string; name: string }>;
}) {
  const id = useId();
  const balance = useBalance();
  const [count, setCount] = useState(String(Math.max(2, teams.length)));
  const [totals, setTotals] = useState<number[] | null>(null);
  const [picked, setPicked] = useState('');
  const placed = new Set(teams.flatMap((team) => team.members.map((member) => member.wom_id)));
  const free = members.filter((member) => !placed.has(member.wom_id));
  const setTeam = (index: number, team: TeamDraft) => {
    setTotals(null);
    onChange(teams.map((candidate, at) => (at === index ? team : candidate)));
  };

  const runBalance = () => {
    const chosen = [...placed, ...signups.map((entry) => entry.wom_id).filter((womId) => !placed.has(womId))];
    balance.mutate(
      { members: chosen, teams: Number(count) },
      {
        onSuccess: (balanced) => {
          onChange(
            balanced.map((team, index) => ({
              name: teams[index]?.name ?? `Team ${index + 1}`,
              members: team.members,
            })),
          );
          setTotals(balanced.map((team) => team.total));
        },
      },
    );
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-stone-100">Teams</legend>
      {signups.length > 0 && (
        <p className="text-sm text-stone-300">
          Signed up: {signups.map((entry) => entry.name).join(', ')}. Balancing places them in teams.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-count`} className={LABEL}>
            Number of teams
          </label>
          <input
            id={`${id}-count`}
            type="number"
            min={2}
            max={BINGO_LIMITS.teams}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className={`${FIELD} w-24`}
          />
        </div>
        <button type="button" onClick={runBalance} disabled={balance.isPending} className={SMALL_BUTTON}>
          {balance.isPending ? 'Balancing...' : 'Balance by EHB + EHP'}
        </button>
        <button
          type="button"
          disabled={teams.length >= BINGO_LIMITS.teams}
          onClick={() => onChange([...teams, { name: `Team ${teams.length + 1}`, members: [] }])}
          className={SMALL_BUTTON}
        >
          Add team
        </button>
      </div>
      {balance.isError && <FormAlert>{balance.error.message}</FormAlert>}
      <ul className="space-y-3">
        {teams.map((team, index) => (
          <li key={index} className="space-y-2 rounded border border-stone-700 p-3">
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 space-y-1">
                <label htmlFor={`${id}-team-${index}`} className={LABEL}>
                  Team {index + 1} name
                  {totals?.[index] !== undefined && (
                    <span className="ml-2 font-normal text-stone-400">EHB + EHP {totals[index]}</span>
                  )}
                </label>
                <input
                  id={`${id}-team-${index}`}
                  value={team.name}
                  maxLength={40}
                  onChange={(event) => setTeam(index, { ...team, name: event.target.value })}
                  className={FIELD}
                />
              </div>
              <button
                type="button"
                onClick={() => onChange(teams.filter((_, at) => at !== index))}
                className={SMALL_BUTTON}
              >
                Remove team
              </button>
            </div>
            <ul aria-label={`${team.name || `Team ${index + 1}`} members`} className="flex flex-wrap gap-1.5">
              {team.members.map((member) => (
                <li key={member.wom_id}>
                  <button
                    type="button"
                    aria-label={`Remove ${member.name}`}
                    onClick={() =>
                      setTeam(index, {
                        ...team,
                        members: team.members.filter((entry) => entry.wom_id !== member.wom_id),
                      })
                    }
                    className="rounded-full border border-stone-600 px-2 py-0.5 text-xs text-stone-200 hover:border-red-400"
                  >
                    {member.name} ×
                  </button>
                </li>
              ))}
            </ul>
            <MemberCombobox
              label={`Add a member to ${team.name || `Team ${index + 1}`}`}
              members={free}
              value={picked}
              onChange={(womId) => {
                const member = free.find((entry) => entry.wom_id === womId);
                if (!member) return setPicked(womId);
                setPicked('');
                setTeam(index, {
                  ...team,
                  members: [...team.members, { wom_id: member.wom_id, name: member.name }],
                });
              }}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
