import type { AdminDink } from '#core/dink/dink.schema.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { formatBytes } from '../../../lib/format-bytes.ts';

/** The screenshots kept on disk against the site's cap, and the cap each member has. */
export function ScreenshotStorage({ images }: { images: AdminDink['images'] }) {
  const percent =
    images.site_cap_bytes > 0 ? Math.round((images.used_bytes / images.site_cap_bytes) * 100) : 100;
  return (
    <div className="space-y-2 text-sm text-stone-300">
      <p>
        <strong className="text-stone-100">{formatBytes(images.used_bytes)}</strong> used of the site’s{' '}
        {formatBytes(images.site_cap_bytes)}.
      </p>
      <ProgressBar percent={percent} label="Screenshot storage used" />
      <p className="text-stone-400">Each member may keep up to {formatBytes(images.member_cap_bytes)}.</p>
    </div>
  );
}
