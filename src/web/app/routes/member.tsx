import { useParams } from 'wouter';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { sameRsn } from '#core/members/names.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCharacter } from '../../features/members/api/get-character.ts';
import { CharacterDinkSection } from '../../features/feed/components/character-dink-section.tsx';
import { CharacterDetails } from '../../features/members/components/character-details.tsx';
import { useOwnCharacterIds } from '../own-characters.ts';
import { Component as NotFound } from './not-found.tsx';

/** Spec §3: a member whose name is missing shows as 'Unknown Player'. */
const UNKNOWN_PLAYER = 'Unknown Player';

function MemberPage({ page, mine }: { page: CharacterPage; mine: boolean }) {
  const name = page.member.name.trim() === '' ? UNKNOWN_PLAYER : page.member.name;
  const womName = page.member.wom_name;
  return (
    <div className="space-y-2">
      <PageHeader title={name}>{womName && !sameRsn(womName, name) && <>WOM: {womName}</>}</PageHeader>
      <CharacterDetails page={page} mine={mine} />
      <CharacterDinkSection womId={page.member.wom_id} />
    </div>
  );
}

/**
 * /members/:id: one member's page. The server answers 404 for a hidden, deleted or unknown member,
 * and the page is then the site's not-found page, so a hidden member's address tells nothing.
 */
export function Component() {
  const { id } = useParams<{ id: string }>();
  const character = useCharacter(id);
  const own = useOwnCharacterIds();
  if (character.error instanceof ApiError && character.error.status === 404) return <NotFound />;
  return (
    <QueryState query={character} loadingLabel="Loading member..." errorTitle="Error Loading Member">
      {(page) => <MemberPage page={page} mine={own.has(page.member.wom_id)} />}
    </QueryState>
  );
}
