import type { JoinRequirements as Requirements } from '#core/clan/clan.schema.ts';

const rows = [
  { key: 'skiller', label: 'Skillers', note: 'Level 3 skillers and other skilling builds' },
  { key: 'ironman', label: 'Ironmen', note: 'Every ironman mode, group ironmen included' },
  { key: 'regular', label: 'Regular accounts', note: 'Main accounts with combat levels' },
] as const;

export function JoinRequirements({ requirements }: { requirements: Requirements }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Minimum total level to join</caption>
      <thead className="text-stone-400">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Account
          </th>
          <th scope="col" className="py-2 font-medium">
            Minimum total level
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-stone-800">
            <th scope="row" className="py-2 font-medium text-stone-100">
              {row.label}
              <span className="block text-xs font-normal text-stone-400">{row.note}</span>
            </th>
            <td className="py-2 text-lg font-semibold text-gold-300">
              {requirements[row.key].toLocaleString('en-US')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
