import { NoticeBanner } from '../../components/notice-banner.tsx';
import type { ShownNotice } from './use-notices.ts';

/** The page's banners, newest first, kept in view at the top while the admin scrolls a long table. */
export function NoticeList({
  notices,
  onDismiss,
}: {
  notices: readonly ShownNotice[];
  onDismiss: (id: number) => void;
}) {
  if (notices.length === 0) return null;
  return (
    <div className="sticky top-0 z-30 mb-4 space-y-2">
      {notices.map((notice) => (
        <NoticeBanner key={notice.id} notice={notice} onDismiss={() => onDismiss(notice.id)} />
      ))}
    </div>
  );
}
