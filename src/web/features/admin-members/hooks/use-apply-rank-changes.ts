import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { storeAdminMember } from '../api/get-admin-members.ts';
import { changeRank } from '../api/member-actions.ts';
import { errorMessage } from '../lib/error-message.ts';

export interface RankChange {
  womId: string;
  name: string;
  role: string;
}

export interface RankChangesOutcome {
  succeeded: RankChange[];
  failed: Array<{ change: RankChange; message: string }>;
}

/**
 * Applies several rank changes, one request each to the member's own rank endpoint, so every change
 * is validated and audited exactly like a single 'Update Rank'. They go one after another: a
 * clan-wide batch should not hit the server all at once, and one failure must not stop the rest.
 * Each saved member goes into the admin list as it is saved, leaving the proposals.
 */
export function useApplyRankChanges() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(0);
  const mutation = useMutation({
    mutationFn: async (changes: readonly RankChange[]): Promise<RankChangesOutcome> => {
      setDone(0);
      const outcome: RankChangesOutcome = { succeeded: [], failed: [] };
      for (const change of changes) {
        try {
          storeAdminMember(queryClient, await changeRank({ womId: change.womId, role: change.role }));
          outcome.succeeded.push(change);
        } catch (error) {
          outcome.failed.push({ change, message: errorMessage(error) });
        }
        setDone((count) => count + 1);
      }
      return outcome;
    },
  });
  return { ...mutation, done };
}
