import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import { rankTable, type RankTableData } from '../lib/rank-bands.ts';

function RankTable({ caption, table }: { caption: string; table: RankTableData }) {
  return (
    <div className="overflow-x-auto rounded border border-stone-800">
      <table className="w-full text-left text-sm">
        <caption className="bg-stone-950 px-3 py-2 text-left font-semibold text-stone-200">{caption}</caption>
        <thead className="bg-stone-800 text-stone-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Rank
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {table.heading}
            </th>
          </tr>
        </thead>
        <tbody>
          {table.bands.map((band) => (
            <tr key={band.role} className="border-t border-stone-800">
              <th scope="row" className="px-3 py-2 font-medium text-stone-100">
                {band.name}
              </th>
              <td className="px-3 py-2 text-stone-300">{band.range}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How members earn each rank, one table per path of the clan's ladder (spec §4, §9; issue 30). */
export function ClanRanksTable({ ladder }: { ladder: RankLadder }) {
  return (
    <section
      aria-labelledby="clan-ranks-heading"
      className="rounded-lg border border-stone-800 bg-stone-900 p-4 sm:p-6"
    >
      <h2 id="clan-ranks-heading" className="mb-4 text-xl font-semibold text-gold-300">
        Clan Ranks
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        {ladder.paths.map((path) => (
          <RankTable key={path.key} caption={path.name} table={rankTable(path)} />
        ))}
      </div>
    </section>
  );
}
