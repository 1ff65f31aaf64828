/** Ironman account types, each shown with its own icon (spec §9). */
export const IRONMAN_TYPES = [
  'standard',
  'hardcore',
  'ultimate',
  'group',
  'hardcore_group',
  'unranked_group',
] as const;
export type IronmanType = (typeof IRONMAN_TYPES)[number];

/** Group types WOM cannot report: only the site's own fields may set them. */
const GROUP_TYPES: ReadonlySet<IronmanType> = new Set(['group', 'hardcore_group', 'unranked_group']);

/** Spellings seen in the site's `ironman_type` and `build` fields and WOM's account type, by key. */
const IRONMAN_ALIASES: Readonly<Record<string, IronmanType>> = {
  standard: 'standard',
  ironman: 'standard',
  standard_ironman: 'standard',
  im: 'standard',
  hardcore: 'hardcore',
  hardcore_ironman: 'hardcore',
  hcim: 'hardcore',
  ultimate: 'ultimate',
  ultimate_ironman: 'ultimate',
  uim: 'ultimate',
  group: 'group',
  group_ironman: 'group',
  gim: 'group',
  hardcore_group: 'hardcore_group',
  hardcore_group_ironman: 'hardcore_group',
  hcgim: 'hardcore_group',
  unranked_group: 'unranked_group',
  unranked_group_ironman: 'unranked_group',
  ugim: 'unranked_group',
};

/** The ironman type a free-text value names, or null for non-ironmen ('regular', 'unknown', 'main', ...). */
function ironmanTypeFromText(text: string | null | undefined): IronmanType | null {
  const key = (text ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return Object.hasOwn(IRONMAN_ALIASES, key) ? (IRONMAN_ALIASES[key] ?? null) : null;
}

/**
 * The member's ironman type: the site's `ironman_type` first, then the build, then WOM's account
 * type. Each source that names no ironman type falls through to the next.
 */
export function ironmanTypeOf(member: {
  ironman_type?: string | null;
  build?: string | null;
  wom_account_type?: string | null;
}): IronmanType | null {
  const fromSite = ironmanTypeFromText(member.ironman_type) ?? ironmanTypeFromText(member.build);
  if (fromSite !== null) return fromSite;
  const fromWom = ironmanTypeFromText(member.wom_account_type);
  return fromWom !== null && !GROUP_TYPES.has(fromWom) ? fromWom : null;
}
