import { EyeOff } from 'lucide-react';

/** A member's name on the Inactivity tab's lists, marked when hidden from the public pages. */
export function MemberNameLine({ name, hidden }: { name: string; hidden: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 font-semibold wrap-anywhere text-stone-100">
      <span>{name}</span>
      {hidden && (
        <span className="inline-flex items-center gap-1 text-xs font-normal text-stone-400">
          <EyeOff aria-hidden="true" className="h-3 w-3" />
          Hidden
        </span>
      )}
    </p>
  );
}
