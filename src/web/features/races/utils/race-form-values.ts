import { z } from 'zod';
import { GOAL_MODES, wholeNumberProblem } from '#core/goals/goals.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { RACE_MESSAGES, type Race, type RaceInput } from '#core/races/races.schema.ts';
import { repeatedParticipant } from '#core/races/repeated-participant.ts';

/** Gain: the value is an amount on top of the start. Total: the value is the target itself. */
export type RaceMode = (typeof GOAL_MODES)[number];

/** One participant row as its inputs hold it: nothing chosen yet is ''. */
export interface ParticipantRow {
  wom_id: string;
  metric: string;
  mode: RaceMode;
  target_value: string;
}

/**
 * The value a row's total must exceed, when the form knows it: the participant's start for one the
 * race already has, else the player's current value; null when not known (the server checks anyway).
 */
export type BaselineOf = (row: Pick<ParticipantRow, 'wom_id' | 'metric'>) => number | null;

/** The name the form shows for a chosen player. */
export type NameOf = (womId: string) => string;

/** The race form as its inputs hold it. The end date is a date input's 'yyyy-MM-dd', a UTC day. */
export interface RaceFormValues {
  title: string;
  description: string;
  public: boolean;
  end_date: string;
  participants: ParticipantRow[];
}

export const emptyParticipant = (): ParticipantRow => ({
  wom_id: '',
  metric: '',
  mode: 'total',
  target_value: '',
});

/** The form's starting values: blank with one participant row for a new race, or the race edited. */
export function raceFormValues(race?: Race): RaceFormValues {
  return {
    title: race?.title ?? '',
    description: race?.description ?? '',
    public: race?.public ?? false,
    end_date: race?.end_date?.slice(0, 10) ?? '',
    participants: race?.race_participants.map(({ wom_id, metric, target_value }) => ({
      wom_id,
      metric,
      mode: 'total' as const,
      target_value: String(target_value),
    })) ?? [emptyParticipant()],
  };
}

/** Today in UTC as a date input writes it, the earliest end date a race may have. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

const isComplete = (row: ParticipantRow) =>
  row.wom_id !== '' && row.metric !== '' && row.target_value.trim() !== '';

/** A total at or below where the participant starts could never be made progress towards. */
const isTotalNotAbove = (row: ParticipantRow, baseline: number | null) =>
  row.mode === 'total' && baseline !== null && Number(row.target_value) <= baseline;

/**
 * The spec's checks (§5 Race creation) with its messages, before anything is sent; the server checks
 * them again. The form's values become what `POST /api/races` takes: the end date as the last moment
 * of that UTC day.
 */
export function raceFormSchema(
  today: string,
  baselineOf: BaselineOf = () => null,
  nameOf: NameOf = (womId) => womId,
) {
  return z
    .object({
      title: z.string().trim().min(1, RACE_MESSAGES.titleRequired),
      description: z.string(),
      public: z.boolean(),
      end_date: z.string().refine((date) => date === '' || date >= today, RACE_MESSAGES.pastEndDate),
      participants: z
        .array(
          z.object({
            wom_id: z.string(),
            metric: z.string(),
            mode: z.enum(GOAL_MODES),
            target_value: z.string(),
          }),
        )
        .min(1, RACE_MESSAGES.needsParticipant)
        .superRefine((rows, context) => {
          if (!rows.every(isComplete)) {
            context.addIssue({ code: 'custom', message: RACE_MESSAGES.participantIncomplete });
            return;
          }
          const repeated = repeatedParticipant(rows);
          const notWhole = rows.map((row) => wholeNumberProblem(row.target_value)).find(Boolean);
          if (repeated !== null) {
            context.addIssue({
              code: 'custom',
              message: RACE_MESSAGES.repeatedParticipant(
                nameOf(repeated.wom_id),
                metricDisplayName(repeated.metric),
              ),
            });
          } else if (notWhole) {
            context.addIssue({ code: 'custom', message: notWhole });
          } else if (rows.some((row) => Number(row.target_value) < 1)) {
            context.addIssue({ code: 'custom', message: RACE_MESSAGES.targetAtLeastOne });
          } else if (rows.some((row) => isTotalNotAbove(row, baselineOf(row)))) {
            context.addIssue({ code: 'custom', message: RACE_MESSAGES.targetNotAboveStart });
          }
        }),
    })
    .transform((values): RaceInput => ({
      title: values.title.trim(),
      description: values.description.trim() || null,
      public: values.public,
      end_date: values.end_date === '' ? null : `${values.end_date}T23:59:59.999Z`,
      participants: values.participants.map((row) => ({
        wom_id: row.wom_id,
        metric: row.metric,
        mode: row.mode,
        target_value: Number(row.target_value),
      })),
    }));
}
