import { ChevronRight } from 'lucide-react';
import type { MouseEvent } from 'react';

/** A table row's first cell: the button that opens or closes the row's details beneath it. */
export function DetailsToggleCell({
  expanded,
  detailsId,
  name,
  onClick,
}: {
  expanded: boolean;
  /** The id of the details row, which exists only while open. */
  detailsId: string;
  /** Who or what the row is, for the button's label. */
  name: string;
  onClick: (event: MouseEvent) => void;
}) {
  return (
    <td className="w-10 py-2 pl-2">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined}
        aria-label={`Show details for ${name}`}
        onClick={onClick}
        className="rounded p-1 text-stone-400 hover:bg-stone-800 hover:text-stone-100"
      >
        <ChevronRight
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${expanded ? 'rotate-90' : ''}`}
        />
      </button>
    </td>
  );
}
