import type { IronmanType } from '#core/members/ironman.ts';

/** What each ironman type is called in the game, used as the icon's accessible name. */
const IRONMAN_LABELS: Readonly<Record<IronmanType, string>> = {
  standard: 'Ironman',
  hardcore: 'Hardcore Ironman',
  ultimate: 'Ultimate Ironman',
  group: 'Group Ironman',
  hardcore_group: 'Hardcore Group Ironman',
  unranked_group: 'Unranked Group Ironman',
};

/** Helmet colours after the game's own: grey, red, white; group modes green, red and slate. */
const HELMET_COLOURS: Readonly<Record<IronmanType, string>> = {
  standard: '#9ca3af',
  hardcore: '#dc2626',
  ultimate: '#f5f5f4',
  group: '#16a34a',
  hardcore_group: '#dc2626',
  unranked_group: '#64748b',
};

const HELMET = 'M4 14 C4 7.5 7.6 3 12 3 C16.4 3 20 7.5 20 14 V21 H15 V16 H9 V21 H4 Z';

function isGroupType(type: IronmanType): boolean {
  return type === 'group' || type === 'hardcore_group' || type === 'unranked_group';
}

/** An ironman helmet per type; group modes show a second helmet behind the first. */
export function IronmanIcon({ type }: { type: IronmanType }) {
  const label = IRONMAN_LABELS[type];
  const colour = HELMET_COLOURS[type];
  const group = isGroupType(type);
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" className="h-5 w-5 shrink-0">
      <title>{label}</title>
      {group && (
        <path
          d={HELMET}
          transform="translate(5 -1) scale(0.8)"
          fill={colour}
          opacity="0.55"
          stroke="#0c0a09"
        />
      )}
      <g transform={group ? 'translate(0 3) scale(0.85)' : undefined}>
        <path d={HELMET} fill={colour} stroke="#0c0a09" strokeWidth="1" />
        <rect x="6" y="10.5" width="12" height="2" rx="1" fill="#0c0a09" />
      </g>
    </svg>
  );
}
