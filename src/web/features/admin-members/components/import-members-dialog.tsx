import { useId, useState, type ChangeEvent } from 'react';
import {
  IMPORT_LIMIT_MESSAGES,
  MAX_IMPORT_CHARS,
  type ImportedField,
  type MembersImportResult,
} from '#core/members/members-import.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useApplyImport, usePreviewImport } from '../api/import-members.ts';
import { errorMessage } from '../lib/error-message.ts';
import { Modal } from '../../../components/modal.tsx';

/** The export's column names, which the admin knows from the file. */
const FIELD_LABELS: Record<ImportedField, string> = {
  first_lvl: 'Initial Level',
  first_xp: 'Initial XP',
  siege_score: 'Siege Score',
  join_date: 'Join Date',
  title: 'Title',
};

/** The file's text through FileReader, which every browser (and the test DOM) has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

const shown = (value: string | number | null) =>
  value === null || value === '' ? '-' : typeof value === 'number' ? value.toLocaleString('en-US') : value;

function Preview({ result }: { result: MembersImportResult }) {
  const rows = result.changes.flatMap((change) =>
    Object.entries(change.fields).map(([field, [before, after]]) => ({
      key: `${change.wom_id}-${field}`,
      name: change.name,
      field: FIELD_LABELS[field as ImportedField],
      before,
      after,
    })),
  );
  return (
    <div className="space-y-4">
      {result.errors.length > 0 && (
        <div role="alert" className="rounded border border-red-800 bg-red-950/50 p-3 text-sm text-red-200">
          <p className="font-medium">
            Fix these lines, then choose the file again. Nothing will be imported until then.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {result.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-stone-400">No member would change.</p>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Changes the import would make</caption>
            <thead className="text-stone-400">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Member
                </th>
                <th scope="col" className="py-1 pr-3">
                  Field
                </th>
                <th scope="col" className="py-1 pr-3">
                  Now
                </th>
                <th scope="col" className="py-1">
                  After import
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-800">
              {rows.map((row) => (
                <tr key={row.key}>
                  <td className="py-1 pr-3">{row.name}</td>
                  <td className="py-1 pr-3">{row.field}</td>
                  <td className="py-1 pr-3 text-stone-400">{shown(row.before)}</td>
                  <td className="py-1 text-gold-300">{shown(row.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * 'Import CSV': choose a members CSV in the export's format, see what it would change and any
 * problem by line, then apply it all at once. Baselines it sets count as imported, so rank updates
 * trust them and the WOM history backfill leaves them be.
 */
export function ImportMembersDialog({
  open,
  onOpenChange,
  notify,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notify: Notify;
}) {
  const inputId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewImport();
  const apply = useApplyImport();

  const close = (next: boolean) => {
    if (!next) {
      setCsv(null);
      setProblem(null);
      preview.reset();
    }
    onOpenChange(next);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setCsv(null);
    setProblem(null);
    preview.reset();
    if (!file) return;
    let text: string;
    try {
      text = await readText(file);
    } catch (error) {
      setProblem(errorMessage(error));
      return;
    }
    if (text.length > MAX_IMPORT_CHARS) {
      setProblem(IMPORT_LIMIT_MESSAGES.tooLarge);
      return;
    }
    setCsv(text);
    preview.mutate(text, { onError: (error) => setProblem(errorMessage(error)) });
  };

  const applyAll = async () => {
    if (csv === null) return;
    try {
      const result = await apply.mutateAsync(csv);
      notify({ kind: 'success', text: `Imported changes for ${result.changes.length} members.` });
      close(false);
    } catch (error) {
      setProblem(`Nothing was imported: ${errorMessage(error)}`);
      preview.mutate(csv);
    }
  };

  const result = preview.data;
  const canApply = result !== undefined && result.errors.length === 0 && result.changes.length > 0;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Import Members from CSV"
      size="large"
      description="Use the members export's format. Members are matched by WOM ID, else by name; initial level and XP, siege score, join date and title are imported."
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-200">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
            className="mt-1 block w-full text-sm text-stone-300 file:mr-3 file:rounded file:border-0 file:bg-stone-700 file:px-3 file:py-1.5 file:text-stone-100"
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-300">
            {problem}
          </p>
        )}
        {preview.isPending && <p className="text-sm text-stone-400">Reading the file...</p>}
        {result && <Preview result={result} />}
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={() => close(false)}
            className="rounded bg-stone-800 px-4 py-2 text-stone-100 hover:bg-stone-700"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => void applyAll()}
            disabled={!canApply || apply.isPending}
            className="rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400 disabled:opacity-60"
          >
            {apply.isPending ? 'Applying...' : 'Apply'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
