import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../components/page-title.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState, LoadingState } from '../../components/states.tsx';
import { TabSection } from '../../components/tab-section.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/logout.ts';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { FirstPasswordForm } from '../../features/auth/components/first-password-form.tsx';
import { ClaimCodeForm } from '../../features/claims/components/claim-code-form.tsx';
import {
  ClaimRequestForm,
  type ClaimablePlayer,
} from '../../features/claims/components/claim-request-form.tsx';
import { ClaimRequestsList } from '../../features/claims/components/claim-requests-list.tsx';
import { MyCharacters } from '../../features/claims/components/my-characters.tsx';
import { myCharactersQueryKey, useMyCharacters } from '../../features/claims/api/get-my-characters.ts';
import { myDinkLinksQueryKey } from '../../features/dink-setup/api/get-my-dink-links.ts';
import { DinkSection } from '../../features/dink-setup/components/dink-section.tsx';
import { CharacterGoals } from '../../features/goals/components/character-goals.tsx';
import { GoalForm } from '../../features/goals/components/goal-form.tsx';
import { MyGoals } from '../../features/goals/components/my-goals.tsx';
import { getMembersQueryOptions, useMembers } from '../../features/members/api/get-members.ts';
import { RankIcon } from '../../features/members/components/rank-icon.tsx';
import { myDiscordQueryKey, useMyDiscord } from '../../features/profile/api/my-discord.ts';
import { AccountDetails } from '../../features/profile/components/account-details.tsx';
import { DiscordPanel, type DiscordNotice } from '../../features/profile/components/discord-panel.tsx';
import { ProfileTabs } from '../../features/profile/components/profile-tabs.tsx';
import { SignInNotice } from '../../components/sign-in-notice.tsx';
import { MyRaces } from '../../features/races/components/my-races.tsx';
import { MySubmissions } from '../../features/bingo/components/my-submissions.tsx';
import { discordSignInError } from '../../lib/discord-sign-in.ts';
import { useSearchParams, useSetSearchParams } from '../../lib/use-search-param.ts';

/** The members nobody has claimed, by name: the ones a user may ask the admins for. */
function claimablePlayers(members: readonly PublicMember[]): ClaimablePlayer[] {
  return members
    .filter((member) => !member.is_claimed)
    .map(({ wom_id, name }) => ({ wom_id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function RequestClaim() {
  const members = useMembers();
  return (
    <QueryState query={members} loadingLabel="Loading players..." errorTitle="Error Loading Players">
      {(list) => <ClaimRequestForm players={claimablePlayers(list)} />}
    </QueryState>
  );
}

/**
 * After Sync Progress the server has set the character's member row to the snapshot the goals were
 * measured from: the card and the roster show it too (issue 21), by the time the sync says it is done.
 */
function useRefreshSyncedCharacter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myCharactersQueryKey }),
      queryClient.invalidateQueries({ queryKey: getMembersQueryOptions().queryKey }),
    ]);
}

function CharactersTab() {
  const queryClient = useQueryClient();
  const refreshSynced = useRefreshSyncedCharacter();
  // A character claimed by code is no longer one anybody can ask for, and is one to connect Dink to.
  const refreshRoster = () => {
    void queryClient.invalidateQueries({ queryKey: getMembersQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: myDinkLinksQueryKey });
  };
  return (
    <TabSection title="My Characters" description="The in-game characters you have claimed.">
      <MyCharacters
        renderRankIcon={(role) => <RankIcon role={role} />}
        renderExtras={(character) => <CharacterGoals womId={character.wom_id} onSynced={refreshSynced} />}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ClaimCodeForm onClaimed={refreshRoster} />
        <RequestClaim />
      </div>
    </TabSection>
  );
}

function SetGoal() {
  const characters = useMyCharacters();
  return (
    <QueryState query={characters} loadingLabel="Loading characters..." errorTitle="Error Loading Characters">
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="No Characters to Track">
            Claim a character on the Characters tab to set goals for it.
          </EmptyState>
        ) : (
          <GoalForm characters={list} />
        )
      }
    </QueryState>
  );
}

function GoalsTab() {
  const refreshSynced = useRefreshSyncedCharacter();
  return (
    <TabSection
      title="My Goals"
      description="Targets for your characters, kept up to date from Wise Old Man."
    >
      <SetGoal />
      <MyGoals onSynced={refreshSynced} />
    </TabSection>
  );
}

function DinkTab() {
  return (
    <TabSection
      title="Dink"
      description="Dink is a RuneLite plugin that posts your drops, pets, collection-log slots and personal bests. Connect it to a character to put them on the clan's feed and boards."
    >
      <DinkSection />
    </TabSection>
  );
}

function RequestsTab({ user }: { user: SessionUser }) {
  return (
    <TabSection title="Claim Requests" description="Your requests to the admins and their answers.">
      <ClaimRequestsList userId={user.id} />
    </TabSection>
  );
}

/**
 * Change Password, or Set a Password for an account made by Discord sign-in, which has none until
 * its owner sets one. Nothing while that is asked, so the wrong form never flashes; should the
 * question fail, the change form, which nearly every account needs.
 */
function PasswordSection() {
  const queryClient = useQueryClient();
  const discord = useMyDiscord();
  const headingId = useId();
  // The set form gives way to the change form once the account is read again: this says it worked.
  const [justSet, setJustSet] = useState(false);
  if (discord.isPending) return null;
  const hasPassword = discord.data?.has_password ?? true;
  // Read again so the change form shows and Unlink Discord knows the account can still sign in.
  const onSet = () => {
    setJustSet(true);
    void queryClient.invalidateQueries({ queryKey: myDiscordQueryKey });
  };
  return (
    <section aria-labelledby={headingId} className="max-w-md space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-stone-100">
        {hasPassword ? 'Change Password' : 'Set a Password'}
      </h3>
      {hasPassword ? (
        <>
          {justSet && <FormAlert kind="success">Your password has been set.</FormAlert>}
          <ChangePasswordForm />
        </>
      ) : (
        <>
          <p className="text-sm text-stone-400">
            You signed up with Discord. Set a password to also sign in with your username, or to unlink
            Discord.
          </p>
          <FirstPasswordForm onSet={onSet} />
        </>
      )}
    </section>
  );
}

function AccountTab({ user, discordNotice }: { user: SessionUser; discordNotice: DiscordNotice | null }) {
  const signOut = useSignOut();
  return (
    <TabSection title="Account" spacing="space-y-6">
      <AccountDetails user={user} />
      <DiscordPanel notice={discordNotice} />
      <PasswordSection />
      <button
        type="button"
        onClick={signOut}
        className="rounded border border-red-800 px-4 py-2 font-medium text-red-300 hover:bg-red-950"
      >
        Log Out
      </button>
    </TabSection>
  );
}

/**
 * What linking Discord came back with (issue 32): `?discord=linked`, or `?discord_error=` should the
 * server send a failed link here. Read once and then taken out of the address, so a reload or a
 * bookmark does not say it again.
 */
function useDiscordReturn(): DiscordNotice | null {
  const params = useSearchParams();
  const setParams = useSetSearchParams();
  const [notice] = useState((): DiscordNotice | null => {
    const error = discordSignInError(params.get('discord_error'));
    if (error) return { kind: 'error', text: error };
    return params.get('discord') === 'linked' ? { kind: 'success', text: 'Discord linked.' } : null;
  });
  const returned = params.has('discord') || params.has('discord_error');
  useEffect(() => {
    if (returned) setParams({ discord: '', discord_error: '' });
  }, [returned, setParams]);
  return notice;
}

/**
 * /profile (spec §2): a visitor is asked to log in or register; a user sees their characters, their
 * goals, their races, their Dink connections (issue 23), their claim requests and their account, with
 * its Discord link (issue 32).
 */
export function Component() {
  usePageTitle('Profile');
  const me = useMe();
  const discordNotice = useDiscordReturn();
  if (me.isPending) return <LoadingState />;
  const user = me.data?.user ?? null;
  if (!user) {
    return (
      <SignInNotice
        title="Please Log In"
        message="Sign in to see your characters, goals, races, claim requests and account."
        offerRegister
      />
    );
  }

  return (
    <>
      <PageHeader title="Profile">
        Signed in as <strong className="text-stone-100">{user.username}</strong>
      </PageHeader>
      <ProfileTabs
        initial={discordNotice ? 'account' : undefined}
        tabs={[
          { value: 'characters', label: 'Characters', content: <CharactersTab /> },
          { value: 'goals', label: 'Goals', content: <GoalsTab /> },
          {
            value: 'races',
            label: 'Races',
            content: (
              <TabSection title="My Races">
                <MyRaces />
              </TabSection>
            ),
          },
          { value: 'dink', label: 'Dink', content: <DinkTab /> },
          { value: 'bingo', label: 'Bingo', content: <MySubmissions /> },
          { value: 'requests', label: 'Requests', content: <RequestsTab user={user} /> },
          {
            value: 'account',
            label: 'Account',
            content: <AccountTab user={user} discordNotice={discordNotice} />,
          },
        ]}
      />
    </>
  );
}
