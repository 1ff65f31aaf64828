import type { Clock } from '#shared/clock.ts';

/** Discord's epoch (2015-01-01), which its snowflake ids count from. */
const DISCORD_EPOCH = 1_420_070_400_000n;

/** Ids as Discord makes them: time in the high bits, a counter below. */
export class Snowflakes {
  private increment = 0n;

  constructor(private readonly clock: Clock) {}

  next(): string {
    this.increment = (this.increment + 1n) & 0xfffn;
    const ms = BigInt(this.clock.now().getTime());
    return (((ms - DISCORD_EPOCH) << 22n) | this.increment).toString();
  }
}

/** A snowflake is a 64-bit integer sent as a string of digits. */
export const isSnowflake = (id: string): boolean => /^\d{1,20}$/.test(id);

/** Discord's timestamps carry microseconds and an explicit offset. */
export const discordTimestamp = (date: Date): string => date.toISOString().replace(/Z$/, '000+00:00');
