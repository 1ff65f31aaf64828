import { Link } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { paths } from '../../config/paths.ts';
import { useClan } from '../../lib/clan-query.ts';
import { ClanFacts } from '../../features/clan/components/clan-facts.tsx';
import { JoinRequirements } from '../../features/clan/components/join-requirements.tsx';

/** The welcome text's look: the intro's size, with headings, lists and links styled inside it. */
const WELCOME_TEXT = [
  'mt-4 max-w-3xl space-y-3 text-lg text-stone-300',
  '[&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-stone-100 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-100',
  '[&_h3]:font-semibold [&_h3]:text-stone-100 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-gold-300 [&_a]:underline [&_a:hover]:text-gold-400 [&_strong]:text-stone-100',
].join(' ');

const DISCORD_STEP = 'Join our Discord so you hear about events first.';

/** The joining steps; the Discord one only when the clan has an invite to offer. */
function joinSteps(hasDiscord: boolean): string[] {
  return [
    'Meet the minimum total level for your account type below.',
    'Hop to our home world and ask any member for an invite to the clan chat.',
    ...(hasDiscord ? [DISCORD_STEP] : []),
    'Take part in events to earn siege points and climb the ranks.',
  ];
}

export function Component() {
  const { data: clan, isPending, isError, refetch } = useClan();
  usePageTitle(clan ? `Welcome to ${clan.name}` : 'Welcome');

  if (isPending) return <LoadingState />;
  if (isError) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold text-gold-300">Welcome</h1>
        <ErrorState title="Error Loading Data" message="Failed to load data" onRetry={() => void refetch()} />
      </div>
    );
  }

  return (
    <div className="space-y-10">
      <section>
        <h1 className="text-3xl font-bold text-gold-300 sm:text-4xl">Welcome to {clan.name}</h1>
        {/* The clan's own text: Markdown the server rendered with raw HTML escaped and only http(s) links. */}
        <div className={WELCOME_TEXT} dangerouslySetInnerHTML={{ __html: clan.welcome_html }} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={paths.members}
            className="rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400"
          >
            Meet our members
          </Link>
          <Link
            to={paths.events}
            className="rounded border border-stone-700 px-4 py-2 font-medium hover:bg-stone-800"
          >
            See upcoming events
          </Link>
        </div>
      </section>

      <section aria-labelledby="facts-heading">
        <h2 id="facts-heading" className="mb-4 text-2xl font-semibold">
          Clan facts
        </h2>
        <ClanFacts clan={clan} />
      </section>

      <section aria-labelledby="join-heading" className="grid gap-8 md:grid-cols-2">
        <div>
          <h2 id="join-heading" className="mb-4 text-2xl font-semibold">
            How to join
          </h2>
          <ol className="list-decimal space-y-2 pl-5 text-stone-300">
            {joinSteps(Boolean(clan.discord_url)).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <div>
          <h2 className="mb-4 text-2xl font-semibold">Minimum requirements</h2>
          <JoinRequirements requirements={clan.requirements} />
        </div>
      </section>
    </div>
  );
}
