import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { TabStrip } from '../../../components/tab-strip.tsx';

export interface ProfileTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The profile's tabs, the first open at the start unless the page names another (a return from
 * Discord opens the tab its answer is on). The choice is the page's own state, not the URL's
 * (spec §4); only the open tab is rendered, so a tab loads its data when it is opened.
 */
export function ProfileTabs({ tabs, initial }: { tabs: readonly ProfileTab[]; initial?: string }) {
  const [open, setOpen] = useState(tabs.find((tab) => tab.value === initial)?.value ?? tabs[0]?.value ?? '');
  return (
    <Tabs.Root value={open} onValueChange={setOpen} className="space-y-6">
      <TabStrip label="Profile sections" tabs={tabs} />
      {tabs.map(({ value, content }) => (
        <Tabs.Content key={value} value={value}>
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
