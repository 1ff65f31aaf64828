import type { Migration } from 'kysely';
import * as createDataModel from './2026_11_21_0900_create_data_model.ts';
import * as createRateLimits from './2026_11_23_1000_create_rate_limits.ts';
import * as bumpMembersRevisionOnVisibility from './2026_11_24_1000_bump_members_revision_on_visibility.ts';
import * as adminDashboard from './2026_11_25_0900_admin_dashboard.ts';
import * as accountsAndClaims from './2026_11_26_0900_accounts_and_claims.ts';
import * as goalAndRaceProgress from './2026_11_27_0900_goal_and_race_progress.ts';
import * as notifyRevisionChanges from './2026_11_28_0900_notify_revision_changes.ts';
import * as usernameSkeletons from './2026_11_28_1100_username_skeletons.ts';
import * as listPagingIndexes from './2026_11_28_1300_list_paging_indexes.ts';
import * as memberBaselineSource from './2026_11_29_0900_member_baseline_source.ts';
import * as realWomData from './2026_11_29_1000_real_wom_data.ts';
import * as eventCompetitionCheck from './2026_11_30_1200_event_competition_check.ts';
import * as memberHistoryAndAway from './2026_12_01_0900_member_history_and_away.ts';
import * as discordOutbox from './2026_12_02_0900_discord_outbox.ts';
import * as dinkMoments from './2026_12_03_0900_dink_moments.ts';
import * as dinkImageIndexes from './2026_12_03_1000_dink_image_indexes.ts';
import * as dinkWebpScreenshots from './2026_12_04_1000_dink_webp_screenshots.ts';
import * as recomputeUsernameSkeletons from './2026_12_04_1100_recompute_username_skeletons.ts';
import * as usernameKeys from './2026_12_04_1100_username_keys.ts';
import * as memberReturns from './2026_12_04_1300_member_returns.ts';
import * as pastCompetitionResults from './2026_12_04_1300_past_competition_results.ts';
import * as pointsUndo from './2026_12_04_1400_points_undo.ts';
import * as raceParticipantsUnique from './2026_12_04_1500_race_participants_unique.ts';
import * as clanSettings from './2026_12_05_0900_clan_settings.ts';
import * as pointBatches from './2026_12_05_1000_point_batches.ts';
import * as bingo from './2026_12_05_1100_bingo.ts';
import * as bingoSubmissions from './2026_12_05_1200_bingo_submissions.ts';
import * as bingoPlay from './2026_12_06_0900_bingo_play.ts';
import * as discordHome from './2026_12_07_0900_discord_home.ts';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0900_create_data_model': createDataModel,
  '2026_11_23_1000_create_rate_limits': createRateLimits,
  '2026_11_24_1000_bump_members_revision_on_visibility': bumpMembersRevisionOnVisibility,
  '2026_11_25_0900_admin_dashboard': adminDashboard,
  '2026_11_26_0900_accounts_and_claims': accountsAndClaims,
  '2026_11_27_0900_goal_and_race_progress': goalAndRaceProgress,
  '2026_11_28_0900_notify_revision_changes': notifyRevisionChanges,
  '2026_11_28_1100_username_skeletons': usernameSkeletons,
  '2026_11_28_1300_list_paging_indexes': listPagingIndexes,
  '2026_11_29_0900_member_baseline_source': memberBaselineSource,
  '2026_11_29_1000_real_wom_data': realWomData,
  '2026_11_30_1200_event_competition_check': eventCompetitionCheck,
  '2026_12_01_0900_member_history_and_away': memberHistoryAndAway,
  '2026_12_02_0900_discord_outbox': discordOutbox,
  '2026_12_03_0900_dink_moments': dinkMoments,
  '2026_12_03_1000_dink_image_indexes': dinkImageIndexes,
  '2026_12_04_1000_dink_webp_screenshots': dinkWebpScreenshots,
  '2026_12_04_1100_recompute_username_skeletons': recomputeUsernameSkeletons,
  '2026_12_04_1100_username_keys': usernameKeys,
  '2026_12_04_1300_member_returns': memberReturns,
  '2026_12_04_1300_past_competition_results': pastCompetitionResults,
  '2026_12_04_1400_points_undo': pointsUndo,
  '2026_12_04_1500_race_participants_unique': raceParticipantsUnique,
  '2026_12_05_0900_clan_settings': clanSettings,
  '2026_12_05_1000_point_batches': pointBatches,
  '2026_12_05_1100_bingo': bingo,
  '2026_12_05_1200_bingo_submissions': bingoSubmissions,
  '2026_12_06_0900_bingo_play': bingoPlay,
  '2026_12_07_0900_discord_home': discordHome,
};
