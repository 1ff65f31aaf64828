/** What the app and the screenshot encoder's process say to each other over IPC. */

export type ToScreenshotEncoder = { type: 'encode'; id: number; bytes: Uint8Array };

/** Why an upload was not encoded: it does not decode as a PNG or JPEG, or it has too many pixels. */
export type ScreenshotRefusal = 'unreadable' | 'too_many_pixels';

export type FromScreenshotEncoder =
  | { type: 'ready' }
  | { type: 'encoded'; id: number; full: Uint8Array; thumbnail: Uint8Array }
  | { type: 'refused'; id: number; reason: ScreenshotRefusal };
