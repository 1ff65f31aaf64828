import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SCREENSHOT_THUMBNAIL_WIDTH } from '#core/dink/screenshots.ts';

/**
 * The dialog's code (and the dialog library's) is fetched when a thumbnail is pointed at or focused,
 * so the feed and the pages that list moments do not download it for a picture nobody opens.
 */
const loadDialog = () => import('./screenshot-dialog.tsx');
/** Starts the download early; a failure here is met again, and shown, when the dialog opens. */
const prefetchDialog = () => void loadDialog().catch(() => {});
const ScreenshotDialog = lazy(() =>
  loadDialog().then(({ ScreenshotDialog }) => ({ default: ScreenshotDialog })),
);

/**
 * A moment's screenshot as a list shows it: the thumbnail (a few kilobytes, loaded as it nears the
 * screen) in a box of the game client's 16:9 shape, reserved before it loads so the list does not
 * jump. A click opens the full picture in a dialog, with a link to it on its own.
 */
export function ScreenshotViewer({
  thumbnailUrl,
  imageUrl,
  alt,
  className = '',
}: {
  thumbnailUrl: string;
  imageUrl: string;
  alt: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The dialog has no trigger of its own to give focus back to: the thumbnail takes it back.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-label={`${alt} (opens full size)`}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        className={`block shrink-0 cursor-zoom-in rounded focus-visible:outline-2 focus-visible:outline-gold-300 ${className}`}
      >
        <span className="block aspect-video overflow-hidden rounded border border-stone-800 bg-stone-950">
          <img
            src={thumbnailUrl}
            alt={alt}
            loading="lazy"
            decoding="async"
            width={SCREENSHOT_THUMBNAIL_WIDTH}
            height={(SCREENSHOT_THUMBNAIL_WIDTH * 9) / 16}
            className="h-full w-full object-contain"
          />
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScreenshotDialog imageUrl={imageUrl} alt={alt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
