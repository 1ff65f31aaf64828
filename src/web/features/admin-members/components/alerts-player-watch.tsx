import { ChevronRight, ExternalLink, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AdminMember, WatchCaseView } from '#core/members/admin-members.schema.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { memberName } from '../lib/member-name.ts';
import { UnwhitelistDialog, unwhitelistedText } from './unwhitelist-dialog.tsx';
import { WhitelistDialog } from './whitelist-dialog.tsx';

/** The spec's whitelist success text hides after this long (spec §9). */
export const WHITELIST_MESSAGE_MS = 3000;

/** A member is an alert while reported and not whitelisted (spec §4, Member alert). */
export function playerWatchAlerts(members: readonly AdminMember[]): AdminMember[] {
  return members
    .filter((member) => member.runewatch_reported && !member.runewatch_whitelisted)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Reported members an admin has whitelisted: the ones that would be alerts again without it. */
export function whitelistedReports(members: readonly AdminMember[]): AdminMember[] {
  return members
    .filter((member) => member.runewatch_reported && member.runewatch_whitelisted)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The case link as published. The list can be uploaded by hand, so only a web address becomes a link;
 * anything else (a `javascript:` URL) is never put in an href.
 */
function caseLink(quickFind: string | null): string | null {
  if (!quickFind) return null;
  try {
    const url = new URL(quickFind);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function CaseDetails({ watchCase, nameId }: { watchCase: WatchCaseView | null; nameId: string }) {
  if (!watchCase) return <p className="text-sm text-stone-400">No case details were imported.</p>;
  const link = caseLink(watchCase.quick_find);
  const details: Array<[string, string | null]> = [
    ['Reason', watchCase.reason],
    ['Date', watchCase.published_date && formatLongDate(watchCase.published_date)],
    ['Evidence rating', watchCase.evidence_rating],
    ['Source', watchCase.source],
  ];
  return (
    <div className="space-y-2 text-sm">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-400">{label}</dt>
            <dd className="break-words text-stone-200">{value || '-'}</dd>
          </div>
        ))}
      </dl>
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          aria-describedby={nameId}
          className="inline-flex items-center gap-1 text-gold-300 hover:text-gold-400 hover:underline"
        >
          View case
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

/**
 * The player-watch alerts: reported members with their case and a 'Whitelist' button each, then the
 * reported members already whitelisted, each with its reason and 'Remove from whitelist'.
 */
export function PlayerWatchAlerts({ members }: { members: readonly AdminMember[] }) {
  const headingId = useId();
  const [whitelisting, setWhitelisting] = useState<AdminMember | null>(null);
  const [unwhitelisting, setUnwhitelisting] = useState<AdminMember | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const alerts = playerWatchAlerts(members);
  const cleared = whitelistedReports(members);

  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(() => setMessage(null), WHITELIST_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900">
      <h3
        id={headingId}
        className="flex items-center gap-2 border-b border-stone-800 px-4 py-3 text-lg font-semibold text-stone-100"
      >
        RuneWatch Alerts
        <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-stone-950">
          {alerts.length}
          <span className="sr-only"> reported</span>
        </span>
      </h3>
      <p
        role="status"
        className="empty:hidden mx-4 mt-3 rounded border border-emerald-700 bg-emerald-950 px-3 py-2 text-sm text-emerald-100"
      >
        {message}
      </p>
      {alerts.length === 0 ? (
        <p className="px-4 py-6 text-center text-stone-400">No reported clan members found</p>
      ) : (
        <div className="space-y-3 p-4">
          <p className="flex items-center gap-2 text-sm font-medium text-amber-300">
            <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
            The following clan members have been reported on RuneWatch
          </p>
          <ul aria-labelledby={headingId} className="space-y-3">
            {alerts.map((member) => (
              <AlertRow key={member.wom_id} member={member} onWhitelist={() => setWhitelisting(member)} />
            ))}
          </ul>
        </div>
      )}
      {cleared.length > 0 && (
        <WhitelistedReports members={cleared} onUnwhitelist={(member) => setUnwhitelisting(member)} />
      )}
      <WhitelistDialog
        member={whitelisting}
        onClose={() => setWhitelisting(null)}
        onWhitelisted={(name) => {
          setWhitelisting(null);
          setMessage(`${name} has been whitelisted`);
        }}
      />
      <UnwhitelistDialog
        member={unwhitelisting}
        onClose={() => setUnwhitelisting(null)}
        onUnwhitelisted={(name) => {
          setUnwhitelisting(null);
          setMessage(unwhitelistedText(name));
        }}
      />
    </section>
  );
}

function AlertRow({ member, onWhitelist }: { member: AdminMember; onWhitelist: () => void }) {
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded border border-amber-900/60 bg-amber-950/20 p-3">
      <div className="min-w-0 flex-1 space-y-2">
        <p id={nameId} className="font-medium text-stone-100">
          {member.name}
          {member.wom_name && member.wom_name !== member.name && (
            <span className="ml-2 text-sm font-normal text-stone-400">({member.wom_name})</span>
          )}
        </p>
        <CaseDetails watchCase={member.runewatch_case} nameId={nameId} />
      </div>
      <button
        type="button"
        onClick={onWhitelist}
        aria-describedby={nameId}
        className="rounded border border-stone-600 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800"
      >
        Whitelist
      </button>
    </li>
  );
}

/**
 * Reported but whitelisted: why each was cleared, and the way to put them back among the alerts.
 * Folded away until asked for, since the alerts above are what needs a decision.
 */
function WhitelistedReports({
  members,
  onUnwhitelist,
}: {
  members: readonly AdminMember[];
  onUnwhitelist: (member: AdminMember) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="border-t border-stone-800 px-4 py-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1 rounded text-sm font-semibold text-stone-200 hover:text-stone-100"
      >
        <ChevronRight
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-90' : ''}`}
        />
        Whitelisted reports ({members.length})
      </button>
      {open && (
        <ul id={listId} aria-label="Whitelisted reports" className="mt-3 space-y-2">
          {members.map((member) => (
            <li
              key={member.wom_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded border border-stone-800 p-3"
            >
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-stone-100">{member.name}</p>
                <p className="break-words text-stone-400">
                  Whitelisted: {member.runewatch_whitelist_reason ?? 'no reason given'}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onUnwhitelist(member)}
                aria-label={`Remove ${memberName(member)} from whitelist`}
                className="rounded border border-stone-600 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800"
              >
                Remove from whitelist
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
