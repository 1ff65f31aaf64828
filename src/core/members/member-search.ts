import { normaliseRsn } from './names.ts';

/** The fields the admin's member search looks in. */
export type SearchableMember = { name: string; wom_name: string | null; womrole: string | null };

/**
 * The admin's member search (spec §5): a case-insensitive substring of the name, the WOM name or the
 * role. Text is compared in the names' comparison form (space, `_` and `-` are one character), so
 * 'deputy owner' finds the stored role 'deputy_owner'. An empty or blank search keeps everyone.
 */
export function searchMembers<T extends SearchableMember>(members: readonly T[], search: string): T[] {
  const query = normaliseRsn(search);
  if (query === '') return [...members];
  return members.filter((member) =>
    [member.name, member.wom_name, member.womrole].some(
      (text) => text !== null && normaliseRsn(text).includes(query),
    ),
  );
}
