import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';

export interface ProfileTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The profile's tabs, the first open at the start. The choice is the page's own state, not the URL's
 * (spec §4); only the open tab is rendered, so a tab loads its data when it is opened.
 */
export function ProfileTabs({ tabs }: { tabs: readonly ProfileTab[] }) {
  const [open, setOpen] = useState(tabs[0]?.value ?? '');
  return (
    <Tabs.Root value={open} onValueChange={setOpen} className="space-y-6">
      <Tabs.List
        aria-label="Profile sections"
        className="flex gap-1 overflow-x-auto border-b border-stone-800"
      >
        {tabs.map(({ value, label }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-stone-400 hover:text-stone-100 data-[state=active]:border-gold-400 data-[state=active]:text-gold-300"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value, content }) => (
        <Tabs.Content key={value} value={value}>
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
