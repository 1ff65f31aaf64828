import { ChevronRight } from 'lucide-react';
import { fieldChanges } from '#core/audit/audit-changes.ts';
import type { AuditEntry } from '#core/audit/audit.schema.ts';
import { actionLabel, auditActorName, describeAuditEntry } from '#core/audit/describe-audit.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';

/** Long ids and JSON break anywhere rather than push a phone's screen sideways. */
const CELL = 'px-2 py-1.5 align-top [overflow-wrap:anywhere]';

function ChangesTable({ entry, sentence }: { entry: AuditEntry; sentence: string }) {
  const changes = fieldChanges(entry.before, entry.after, entry.member_names);
  if (changes.length === 0) return <p className="mt-2 text-xs text-stone-400">No field changes recorded.</p>;
  return (
    <details className="group mt-2">
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded text-sm text-gold-300 hover:text-gold-200">
        <ChevronRight aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-90" />
        Show changes ({changes.length} {changes.length === 1 ? 'field' : 'fields'})
      </summary>
      <table className="mt-2 w-full table-fixed border-collapse text-left text-sm sm:max-w-2xl">
        <caption className="sr-only">Changes: {sentence}</caption>
        <thead className="text-xs text-stone-400">
          <tr>
            <th scope="col" className="w-[34%] px-2 py-1 font-medium">
              Field
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Before
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-t border-stone-800">
              <th scope="row" className={`${CELL} font-normal text-stone-300`}>
                {change.label}
              </th>
              <td className={`${CELL} text-stone-400`}>{change.before}</td>
              <td className={`${CELL} text-stone-100`}>{change.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** One action as a sentence ('boss gave 5 points to BigJad'), when and what kind, and its changes on request. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const who = auditActorName(entry);
  const what = describeAuditEntry(entry);
  const sentence = `${who} ${what}`;
  return (
    <li className="rounded-lg border border-stone-800 bg-stone-900 px-3 py-3 sm:px-4">
      <p className="text-stone-100 [overflow-wrap:anywhere]">
        <span className="font-semibold text-gold-200">{who}</span> {what}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-stone-400">
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
        <span aria-hidden="true">·</span>
        <span>{actionLabel(entry.action)}</span>
      </p>
      <ChangesTable entry={entry} sentence={sentence} />
    </li>
  );
}
