import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CharacterDink } from '#core/dink/dink.schema.ts';
import { paths } from '#core/site/pages.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useCharacterDink } from '../api/get-character-dink.ts';
import { useNow } from '../../../lib/use-now.ts';
import { MomentCard } from './moment-card.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-stone-200">{title}</h3>
      {children}
    </div>
  );
}

/** Whether Dink has told the site anything about the character worth a section. */
export function hasDinkNews(dink: CharacterDink): boolean {
  return dink.collection !== null || dink.pets.length > 0 || dink.moments.length > 0;
}

function CollectionLog({ completed, total }: { completed: number; total: number }) {
  const percent = total > 0 ? Math.floor((completed / total) * 100) : 0;
  return (
    <Part title="Collection Log">
      <p className="text-sm text-stone-300">
        {formatNumber(completed)} of {formatNumber(total)} slots
      </p>
      <ProgressBar percent={percent} label="Collection log progress" />
    </Part>
  );
}

function Contents({ womId, dink }: { womId: string; dink: CharacterDink }) {
  const now = useNow();
  return (
    <div className="space-y-6">
      {dink.collection && <CollectionLog {...dink.collection} />}
      {dink.pets.length > 0 && (
        <Part title="Pets">
          <ul className="flex flex-wrap gap-2">
            {dink.pets.map((pet) => (
              <li
                key={pet}
                className="rounded-full border border-stone-700 bg-stone-900 px-3 py-1 text-sm text-stone-100"
              >
                {pet}
              </li>
            ))}
          </ul>
        </Part>
      )}
      {dink.moments.length > 0 && (
        <Part title="Latest Moments">
          <ol aria-label="Latest moments" className="space-y-3">
            {dink.moments.map((item) => (
              <li key={item.id}>
                <MomentCard item={item} now={now} showPlayer={false} />
              </li>
            ))}
          </ol>
          <Link
            to={`${paths.feed}?wom_id=${encodeURIComponent(womId)}`}
            className="inline-block text-sm text-gold-300 underline underline-offset-4 hover:text-gold-200"
          >
            All their moments in the Clan Feed
          </Link>
        </Part>
      )}
    </div>
  );
}

/**
 * What the character's Dink has told the site: collection-log progress, pets and the latest public
 * moments. A character without Dink, or whose Dink has sent nothing yet, gets no section at all; nor
 * does one whose Dink data failed to load, as the rest of the page stands without it.
 */
export function CharacterDinkSection({ womId }: { womId: string }) {
  const { data } = useCharacterDink(womId);
  const headingId = useId();
  if (data === undefined || !hasDinkNews(data)) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 pt-6">
      <h2 id={headingId} className="text-xl font-semibold text-stone-100">
        From the Game
      </h2>
      <Contents womId={womId} dink={data} />
    </section>
  );
}
