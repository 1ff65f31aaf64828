import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useMyDinkLinks } from '../api/get-my-dink-links.ts';
import { DinkLinkCard } from './dink-link-card.tsx';

/** The profile's Dink connections, one card per claimed character. */
export function DinkSection() {
  const links = useMyDinkLinks();
  return (
    <QueryState query={links} loadingLabel="Loading Dink..." errorTitle="Error Loading Dink">
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="No Characters to Connect">
            Claim a character on the Characters tab, then connect Dink to it here.
          </EmptyState>
        ) : (
          <div className="space-y-4">
            {list.map((link) => (
              <DinkLinkCard key={link.wom_id} link={link} />
            ))}
          </div>
        )
      }
    </QueryState>
  );
}
