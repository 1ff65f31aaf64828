/** Spec §3: a member whose name is missing shows as 'Unknown Player'. */
export function memberName(member: { name: string }): string {
  return member.name.trim() === '' ? 'Unknown Player' : member.name;
}
