import { NoticeBanner } from '../../components/notice-banner.tsx';
import type { ShownNotice } from './use-notices.ts';

/**
 * The page's banners, newest first, in the flow of the page: they push content down rather than lie
 * over it, so they never cover the button the admin is about to press (issue 21).
 */
export function NoticeList({
  notices,
  onDismiss,
}: {
  notices: readonly ShownNotice[];
  onDismiss: (id: number) => void;
}) {
  if (notices.length === 0) return null;
  return (
    <div className="mb-4 space-y-2">
      {notices.map((notice) => (
        <NoticeBanner key={notice.id} notice={notice} onDismiss={() => onDismiss(notice.id)} />
      ))}
    </div>
  );
}
