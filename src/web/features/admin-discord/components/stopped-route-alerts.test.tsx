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

describe('StoppedRouteAlerts', () => {
  it('names each route the site stopped, why, and links to the Discord tab', async () => {
    stubApi({
      'GET /api/admin/discord/routes': () =>
        Response.json([
          running,
          { ...running, id: 2, name: '#admins', disabled_reason: 'Discord answered 404: Unknown Webhook' },
        ]),
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
    const fetch = stubApi({ 'GET /api/admin/discord/routes': () => Response.json([running]) });
    const { container } = renderWithQueries(<StoppedRouteAlerts />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });
});
