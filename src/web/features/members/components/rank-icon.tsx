import type { ReactNode } from 'react';
import { Anchor, Crown, Star, Swords, type LucideIcon } from 'lucide-react';
import { MAXED_ROLE, normaliseRole, roleDisplayName, type AdminTitle } from '#core/members/roles.ts';

/**
 * Icons follow the WOM role key, not the ladder: a clan that puts Sapphire on another path still sees
 * the sapphire it sees in game. Gem colours are close to the in-game gems.
 */
const GEM_COLOURS: Readonly<Record<string, { fill: string; edge: string }>> = {
  opal: { fill: '#f3ece0', edge: '#b8a98f' },
  sapphire: { fill: '#2563eb', edge: '#93c5fd' },
  emerald: { fill: '#059669', edge: '#6ee7b7' },
  ruby: { fill: '#dc2626', edge: '#fca5a5' },
  diamond: { fill: '#e0f2fe', edge: '#7dd3fc' },
  dragonstone: { fill: '#9333ea', edge: '#d8b4fe' },
  onyx: { fill: '#1c1917', edge: '#a8a29e' },
  zenyte: { fill: '#f97316', edge: '#fdba74' },
};

/** Shield colours for the combat ladder, from plain stone up to TzKal's fire. */
const SHIELD_COLOURS: Readonly<Record<string, string>> = {
  mentor: '#a8a29e',
  prefect: '#65a30d',
  leader: '#0d9488',
  supervisor: '#0284c7',
  superior: '#4f46e5',
  executive: '#c026d3',
  senator: '#e11d48',
  monarch: '#ca8a04',
  tzkal: '#ea580c',
};

const TITLE_ICONS: Readonly<Record<AdminTitle, { icon: LucideIcon; className: string }>> = {
  owner: { icon: Crown, className: 'text-gold-400' },
  deputy_owner: { icon: Crown, className: 'text-stone-300' },
  general: { icon: Star, className: 'text-gold-400' },
  captain: { icon: Anchor, className: 'text-sky-300' },
  pvm_organizer: { icon: Swords, className: 'text-red-400' },
};

function isTitle(key: string): key is AdminTitle {
  return Object.hasOwn(TITLE_ICONS, key);
}

function Badge({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" className="h-6 w-6 shrink-0">
      <title>{label}</title>
      {children}
    </svg>
  );
}

function GemBadge({ colours, label }: { colours: { fill: string; edge: string }; label: string }) {
  const { fill, edge } = colours;
  return (
    <Badge label={label}>
      <polygon
        points="12,2 21,9 12,22 3,9"
        fill={fill}
        stroke={edge}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <polyline points="3,9 21,9" fill="none" stroke={edge} strokeWidth="1" />
      <polyline points="8,9 12,2 16,9 12,22 8,9" fill="none" stroke={edge} strokeWidth="0.75" />
    </Badge>
  );
}

function ShieldBadge({ colour, label }: { colour: string; label: string }) {
  return (
    <Badge label={label}>
      <path
        d="M12 2 L20 5 V11 C20 16.5 16.5 20.5 12 22 C7.5 20.5 4 16.5 4 11 V5 Z"
        fill={colour}
        stroke="#0c0a09"
        strokeWidth="1"
      />
      {/* A sword on the shield: the fighters' ladder, whatever the colour. */}
      <path d="M12 6 V16 M9 13 H15 M12 16 V18.5" stroke="#fafaf9" strokeWidth="1.6" strokeLinecap="round" />
    </Badge>
  );
}

function MaxedBadge({ label }: { label: string }) {
  return (
    <Badge label={label}>
      <polygon
        points="12,2 14.9,8.6 22,9.3 16.6,14 18.2,21 12,17.3 5.8,21 7.4,14 2,9.3 9.1,8.6"
        fill="#fbbf24"
        stroke="#fef3c7"
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </Badge>
  );
}

/** Any other WOM role a clan's ladder uses: a token with the role's initial, so every rank has a mark. */
function RoleBadge({ name, label }: { name: string; label: string }) {
  return (
    <Badge label={label}>
      <circle cx="12" cy="12" r="10" fill="#44403c" stroke="#d6d3d1" strokeWidth="1.5" />
      <text x="12" y="16.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fafaf9">
        {name.charAt(0).toUpperCase()}
      </text>
    </Badge>
  );
}

/**
 * The member's rank or admin title as an icon: a gem for the gem roles, a shield with a sword for the
 * combat roles, a star for maxed, a title icon for owner, deputy owner, general, captain and pvm
 * organizer, and a lettered token for any other role. Each icon carries its name for screen readers
 * and on hover.
 */
export function RankIcon({ role }: { role: string | null }) {
  const key = normaliseRole(role);
  if (key === null) return null;
  const name = roleDisplayName(key);
  if (isTitle(key)) {
    const { icon: Icon, className } = TITLE_ICONS[key];
    return (
      <span role="img" aria-label={`${name} title`} title={name} className="inline-flex">
        <Icon aria-hidden="true" className={`h-6 w-6 shrink-0 ${className}`} />
      </span>
    );
  }
  const label = `${name} rank`;
  const gem = Object.hasOwn(GEM_COLOURS, key) ? GEM_COLOURS[key] : undefined;
  if (gem) return <GemBadge colours={gem} label={label} />;
  const shield = Object.hasOwn(SHIELD_COLOURS, key) ? SHIELD_COLOURS[key] : undefined;
  if (shield) return <ShieldBadge colour={shield} label={label} />;
  if (key === MAXED_ROLE) return <MaxedBadge label={label} />;
  return <RoleBadge name={name} label={label} />;
}
