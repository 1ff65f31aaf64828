import { z } from 'zod';

/**
 * The years a date a person enters may fall in. PostgreSQL has no year 0 and refuses some years that
 * SQLite's text keeps, so every user-supplied date is held to a range both store alike; no clan date
 * (joins, events, goals, races, claim codes) falls outside it.
 */
export const EARLIEST_YEAR = 1990;
export const LATEST_YEAR = 2100;

const EARLIEST = Date.UTC(EARLIEST_YEAR, 0, 1);
const LATEST = Date.UTC(LATEST_YEAR + 1, 0, 1) - 1;

/** "{what} must fall between the years 1990 and 2100". */
export const outsideYearsMessage = (what: string) =>
  `${what} must fall between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/** True for an instant from the start of 1990 to the end of 2100, UTC. */
export function isWithinYears(instant: Date): boolean {
  const time = instant.getTime();
  return time >= EARLIEST && time <= LATEST;
}

/** A calendar date ('yyyy-MM-dd') in those years; `what` names the field in the message. */
export const boundedDate = (what: string, formatMessage?: string) =>
  z.iso.date(formatMessage).refine((text) => {
    const year = Number(text.slice(0, 4));
    return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
  }, outsideYearsMessage(what));

/** An ISO date-time with a zone whose instant (as stored, in UTC) falls in those years. */
export const boundedDateTime = (what: string) =>
  z.iso.datetime({ offset: true }).refine((text) => isWithinYears(new Date(text)), outsideYearsMessage(what));
