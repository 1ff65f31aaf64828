import { useId, useMemo, useState, type FormEvent } from 'react';
import { CLAIM_CODE_DEFAULT_DAYS, CLAIM_MESSAGES, type ClaimCode } from '#core/claims/claims.schema.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useCreateClaimCode } from '../api/claim-code-actions.ts';
import { defaultExpiryValue, expiryIso } from '../lib/expiry-input.ts';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { MemberCombobox, type MemberChoice } from '../../../components/member-combobox.tsx';

/** What the form needs of a member to offer it. */
export type ClaimCodeMember = Pick<AdminMember, 'wom_id' | 'name' | 'hidden' | 'claimed'>;

/** The admin roster as the dashboard loads it: not there yet, or failed. */
export interface ClaimCodeMembers {
  data: readonly ClaimCodeMember[] | undefined;
  error: Error | null;
}

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400 disabled:opacity-60';

/**
 * The members a code can be made for: a claimed one already has its owner (the server refuses it),
 * so only the unclaimed are offered, by name, hidden ones noted.
 */
export function claimableMembers(members: readonly ClaimCodeMember[]): MemberChoice[] {
  return members
    .filter((member) => !member.claimed)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ wom_id, name, hidden }) => (hidden ? { wom_id, name, note: 'hidden' } : { wom_id, name }));
}

function rosterPlaceholder(members: ClaimCodeMembers): string {
  if (members.data !== undefined) return 'Type a name';
  return members.error ? 'Could not load members' : 'Loading members...';
}

function NewCode({ code }: { code: ClaimCode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-gold-500/40 bg-stone-900 p-4"
    >
      <h3 id={headingId} className="font-semibold text-stone-100">
        New claim code for {code.member_name}
      </h3>
      <CopyableText label="New claim code" text={code.code} />
      <p className="text-sm text-stone-400">
        {code.expires_at ? `Valid until ${formatDateTime(code.expires_at)}. ` : ''}
        Send it to the member in-game: they enter it on their profile to claim {code.member_name}. It works
        once.
      </p>
    </section>
  );
}

/**
 * Makes a claim code for a member. The expiry is read in UTC and starts 7 days ahead (left empty,
 * the server's default applies). The new code shows here until the next one, and in the list below.
 */
export function GenerateClaimCodeForm({ members, notify }: { members: ClaimCodeMembers; notify: Notify }) {
  const create = useCreateClaimCode();
  const [womId, setWomId] = useState('');
  const [expires, setExpires] = useState(() => defaultExpiryValue(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const [generated, setGenerated] = useState<ClaimCode | null>(null);
  const ids = { expires: useId(), zone: useId() };
  const choices = useMemo(() => claimableMembers(members.data ?? []), [members.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (womId === '') {
      setProblem(CLAIM_MESSAGES.selectValidPlayer);
      return;
    }
    setProblem(null);
    create.mutate(
      { wom_id: womId, expires_at: expiryIso(expires) },
      {
        onSuccess: (code) => {
          setGenerated(code);
          setWomId('');
          setExpires(defaultExpiryValue(new Date()));
          notify({ kind: 'success', text: `Generated a claim code for ${code.member_name}.` });
        },
        onError: (error) => setProblem(`Failed to generate claim code: ${error.message}`),
      },
    );
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4">
        <div className="min-w-56 flex-1">
          <MemberCombobox
            label="Member"
            members={choices}
            value={womId}
            onChange={setWomId}
            placeholder={rosterPlaceholder(members)}
            disabled={members.data === undefined}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.expires} className="block text-sm font-medium text-stone-200">
            Expires
          </label>
          <input
            id={ids.expires}
            type="datetime-local"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            aria-describedby={ids.zone}
            className={inputClass}
          />
          <span id={ids.zone} className="block text-xs text-stone-400">
            UTC; leave empty for {CLAIM_CODE_DEFAULT_DAYS} days
          </span>
        </div>
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          Generate Code
        </button>
      </form>
      {problem && <FormAlert>{problem}</FormAlert>}
      {generated && <NewCode code={generated} />}
    </div>
  );
}
