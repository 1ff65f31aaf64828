const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
/** No boss, raid or speedrun takes a day; anything longer is a broken clock or a forged post. */
const MAX_MS = 24 * HOUR_MS;

// Java's Duration.toString(), which Dink sends: hours, minutes, seconds with up to nine decimals.
const ISO_DURATION = /^PT(?:(\d{1,3})H)?(?:(\d{1,5})M)?(?:(\d{1,6})(?:\.(\d{1,9}))?S)?$/;
// The game's own clock text: [h:]m:ss with optional hundredths.
const CLOCK_TIME = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:\.(\d{1,3}))?$/;

function fractionMs(digits: string | undefined): number {
  return digits === undefined ? 0 : Math.round(Number(`0.${digits}`) * SECOND_MS);
}

function withinBounds(ms: number): number | null {
  return ms <= MAX_MS ? ms : null;
}

/** An ISO-8601 duration as Dink sends it (`PT46M34S`, `PT1H2M3.6S`) in whole milliseconds, else null. */
export function parseDinkDuration(text: string): number | null {
  const match = text === 'PT' ? null : ISO_DURATION.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction] = match;
  return withinBounds(
    Number(hours) * HOUR_MS +
      Number(minutes) * MINUTE_MS +
      Number(seconds) * SECOND_MS +
      fractionMs(fraction),
  );
}

/** A speedrun time as the game prints it (`1:13.20`, `12:01:13.20`) in milliseconds, else null. */
export function parseSpeedrunTime(text: string): number | null {
  const match = CLOCK_TIME.exec(text);
  if (!match) return null;
  const [, hours, minutes = '0', seconds = '0', fraction] = match;
  if (Number(seconds) >= 60 || (hours !== undefined && Number(minutes) >= 60)) return null;
  return withinBounds(
    Number(hours ?? 0) * HOUR_MS +
      Number(minutes) * MINUTE_MS +
      Number(seconds) * SECOND_MS +
      fractionMs(fraction),
  );
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * A time the way the game shows it: `46:34`, `1:02:03`, and `m:ss.cc` (hundredths) when it has a
 * fraction of a second, e.g. `1:13.20`.
 */
export function formatDuration(ms: number): string {
  const centis = Number.isFinite(ms) && ms > 0 ? Math.round(ms / 10) : 0;
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor(centis / 6000) % 60;
  const seconds = Math.floor(centis / 100) % 60;
  const fraction = centis % 100;
  const clock =
    hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${minutes}:${twoDigits(seconds)}`;
  return fraction === 0 ? clock : `${clock}.${twoDigits(fraction)}`;
}
