import { useEffect, useRef, useState } from 'react';
import { SCREENSHOT_FULL_WIDTH, SCREENSHOT_THUMBNAIL_WIDTH } from '#core/dink/screenshots.ts';
import { Modal } from '../../../components/modal.tsx';

/** The game client's usual 16:9 shape: what an image's box holds before the picture loads. */
const heightOf = (width: number) => Math.round((width * 9) / 16);

/**
 * A moment's screenshot as a list shows it: the thumbnail (a few kilobytes, loaded as it nears the
 * screen) in a box of the game client's shape, reserved before it loads so the list does not jump.
 * A click opens the full picture in a dialog, with a link to it on its own.
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
        className={`block shrink-0 cursor-zoom-in rounded focus-visible:outline-2 focus-visible:outline-gold-300 ${className}`}
      >
        <span className="block aspect-video overflow-hidden rounded border border-stone-800 bg-stone-950">
          <img
            src={thumbnailUrl}
            alt={alt}
            loading="lazy"
            decoding="async"
            width={SCREENSHOT_THUMBNAIL_WIDTH}
            height={heightOf(SCREENSHOT_THUMBNAIL_WIDTH)}
            className="h-full w-full object-contain"
          />
        </span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title={alt} size="large">
        <img
          src={imageUrl}
          alt={alt}
          decoding="async"
          width={SCREENSHOT_FULL_WIDTH}
          height={heightOf(SCREENSHOT_FULL_WIDTH)}
          className="h-auto w-full rounded border border-stone-800 bg-stone-950"
        />
        <a
          href={imageUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-3 inline-block text-sm text-gold-300 underline underline-offset-4 hover:text-gold-200"
        >
          Open the picture on its own
        </a>
      </Modal>
    </>
  );
}
