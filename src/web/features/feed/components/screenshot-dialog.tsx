import { SCREENSHOT_FULL_WIDTH } from '#core/dink/screenshots.ts';
import { Modal } from '../../../components/modal.tsx';

/** A screenshot at its full size, in a dialog, with a link to the picture on its own. */
export function ScreenshotDialog({
  imageUrl,
  alt,
  onClose,
}: {
  imageUrl: string;
  alt: string;
  onClose: () => void;
}) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={alt} size="large">
      <img
        src={imageUrl}
        alt={alt}
        decoding="async"
        width={SCREENSHOT_FULL_WIDTH}
        height={(SCREENSHOT_FULL_WIDTH * 9) / 16}
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
  );
}
