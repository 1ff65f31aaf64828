import { Tabs } from 'radix-ui';

/**
 * A page's row of tabs, inside a Radix `Tabs.Root`. On a phone the tabs wrap onto a second row
 * rather than scroll: a scrolling row hid its last tabs with no hint and clipped the focus outline
 * (a scroll container clips both ways), so the focus ring is drawn inside each tab as well.
 */
export function TabStrip({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Tabs.List aria-label={label} className="flex flex-wrap gap-x-1 border-b border-stone-800">
      {tabs.map((tab) => (
        <Tabs.Trigger
          key={tab.value}
          value={tab.value}
          className="-mb-px rounded-t border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-400 outline-none hover:text-stone-100 focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:ring-inset data-[state=active]:border-gold-400 data-[state=active]:text-gold-300 sm:px-4"
        >
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
