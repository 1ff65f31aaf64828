import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths.ts';
import { stoppedRoutes, useDiscordRoutes } from '../api/discord-routes.ts';
import { useRankRoles } from '../api/rank-roles.ts';

const DISCORD_TAB = `${paths.admin}?tab=discord`;

/**
 * The Discord routes the site stopped because Discord refused their webhook (deleted, or its token
 * changed): no news reaches that channel until an admin fixes the route. And the rank roles, when
 * Discord refused the bot a role change: none is made until an admin saves the role map again.
 * Nothing while all run.
 */
export function StoppedRouteAlerts() {
  const headingId = useId();
  const routes = useDiscordRoutes();
  const rankRoles = useRankRoles();
  const stopped = stoppedRoutes(routes.data ?? []);
  const rolesStopped = rankRoles.data?.stopped_reason ?? null;
  if (stopped.length === 0 && rolesStopped === null) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-red-900 bg-stone-900">
      <h3
        id={headingId}
        className="flex items-center gap-2 border-b border-stone-800 px-4 py-3 text-lg font-semibold text-stone-100"
      >
        <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-red-400" />
        Discord
      </h3>
      <ul aria-labelledby={headingId} className="space-y-2 p-4">
        {stopped.map((route) => (
          <li key={route.id} className="text-sm break-words text-red-200">
            Discord route "{route.name}" stopped: {route.disabled_reason}
          </li>
        ))}
        {rolesStopped !== null && (
          <li className="text-sm break-words text-red-200">Discord role changes stopped: {rolesStopped}</li>
        )}
      </ul>
      <p className="px-4 pb-4 text-sm">
        <Link href={DISCORD_TAB} className="text-gold-300 hover:text-gold-400 hover:underline">
          Fix it in the Discord tab
        </Link>
      </p>
    </section>
  );
}
