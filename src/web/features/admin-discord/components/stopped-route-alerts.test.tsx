import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import { renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { StoppedRouteAlerts } from './stopped-route-alerts.tsx';

const running: DiscordRoute = {
  id: 1,
  name: '#clan-news',
  url_hint: '…/webhooks/1234…/****',
  kinds: ['member_joined'],
  filters: { achievements: 'any', competition_types: [] },
  enabled: true,
  disabled_reason: null,
  last_delivery_at: null,
};

afterEach(() => vi.unstubAllGlobals());

/** The rank roles' answer, with role changes running unless a reason says why they stopped. */
const rankRoles = (stoppedReason: string | null) => () =>
  Response.json({
    roles: {},
    keys: [],
    server_roles: [],
    server_error: null,
    pending: 0,
    stopped_reason: stoppedReason,
  });

describe('StoppedRouteAlerts', () => {
  it('names each route the site stopped, why, and links to the Discord tab', async () => {
    stubApi({
      'GET /api/admin/discord/routes': () =>
        Response.json([
          running,
          { ...running, id: 2, name: '#admins', disabled_reason: 'Discord answered 404: Unknown Webhook' },
        ]),
      'GET /api/admin/discord/rank-roles': rankRoles(null),
    });
    renderWithQueries(<StoppedRouteAlerts />);
    const alerts = await screen.findByRole('list', { name: 'Discord' });
    expect(alerts).toHaveTextContent(
      'Discord route "#admins" stopped: Discord answered 404: Unknown Webhook',
    );
    expect(alerts).not.toHaveTextContent('#clan-news');
    expect(screen.getByRole('link', { name: 'Fix it in the Discord tab' })).toHaveAttribute(
      'href',
      '/admin?tab=discord',
    );
  });

  it('shows nothing while every route runs', async () => {
    const fetch = stubApi({
      'GET /api/admin/discord/routes': () => Response.json([running]),
      'GET /api/admin/discord/rank-roles': rankRoles(null),
    });
    const { container } = renderWithQueries(<StoppedRouteAlerts />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });

  it('says why Discord role changes stopped', async () => {
    stubApi({
      'GET /api/admin/discord/routes': () => Response.json([running]),
      'GET /api/admin/discord/rank-roles': rankRoles('Discord answered 403 Missing Permissions.'),
    });
    renderWithQueries(<StoppedRouteAlerts />);
    const alerts = await screen.findByRole('list', { name: 'Discord' });
    expect(alerts).toHaveTextContent(
      'Discord role changes stopped: Discord answered 403 Missing Permissions.',
    );
    expect(alerts).not.toHaveTextContent('#clan-news');
  });
});
