import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedItem, FeedPage } from '#core/dink/dink.schema.ts';
import { memberCombobox, pickMember } from '#test/member-combobox.ts';
import { publicMember } from '#test/public-member.ts';
import { apiError, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { renderApp } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

const NOW = new Date('2026-11-27T12:00:00.000Z');

beforeAll(() => preloadPageOf('/feed'), 30_000);

beforeEach(() => {
  // Only the clock is fixed: the router and the queries keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function moment(id: number, overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id,
    kind: 'loot',
    wom_id: '42',
    player_name: 'Zezima',
    occurred_at: '2026-11-27T09:00:00.000Z',
    title: `Drop ${id}`,
    details: 'From Vorkath',
    value: null,
    image_url: null,
    thumbnail_url: null,
    ...overrides,
  };
}

const page = (items: FeedItem[], next_cursor: string | null = null): FeedPage => ({ items, next_cursor });

const roster = [publicMember('Zezima', { wom_id: '42' }), publicMember('Woox', { wom_id: '77' })];

/** What each feed request asked for, as its query string. */
function feedServer(answer: (request: FakeRequest) => Response) {
  const asked: string[] = [];
  const fetch = stubApi({
    'GET /api/feed': (request) => {
      asked.push(request.url.search);
      return answer(request);
    },
  });
  return { asked, fetch };
}

const cards = () => within(screen.getByRole('list', { name: 'Clan moments' })).getAllByRole('listitem');

describe('clan feed page', () => {
  it('shows each moment with its kind, player, title, details, when, value and screenshot', async () => {
    feedServer(() =>
      Response.json(
        page([
          moment(2, {
            title: 'Twisted bow',
            details: 'From the Chambers of Xeric · 1,250,000,000 coins',
            value: 1_250_000_000,
            image_url: '/api/dink/images/12',
            thumbnail_url: '/api/dink/images/12/thumbnail',
          }),
          moment(1, { kind: 'pet', title: 'Vorki', details: '', occurred_at: '2026-11-26T08:00:00.000Z' }),
        ]),
      ),
    );
    renderApp('/feed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clan Feed' })).toBeInTheDocument();
    const [drop, pet] = await screen.findAllByRole('article');
    expect(drop).toHaveTextContent('Drops');
    expect(within(drop!).getByRole('link', { name: 'Zezima' })).toHaveAttribute('href', '/members/42');
    expect(drop).toHaveTextContent('Twisted bow');
    expect(drop).toHaveTextContent('From the Chambers of Xeric');
    expect(drop).toHaveTextContent('1,250,000,000 coins');
    expect(drop).not.toHaveTextContent('gp');
    const when = drop!.querySelector('time');
    expect(when).toHaveAttribute('datetime', '2026-11-27T09:00:00.000Z');
    expect(when).toHaveTextContent('3 hours ago (27 Nov 2026, 09:00 UTC)');
    const screenshot = within(drop!).getByRole('img', { name: 'Screenshot of Zezima: Twisted bow' });
    expect(screenshot).toHaveAttribute('src', '/api/dink/images/12/thumbnail');
    expect(screenshot).toHaveAttribute('loading', 'lazy');
    expect(screenshot).toHaveAttribute('width', '320');
    expect(screenshot).toHaveAttribute('height', '180');

    expect(pet).toHaveTextContent('Pets');
    expect(pet).toHaveTextContent('Vorki');
    expect(pet).toHaveTextContent('yesterday');
    expect(within(pet!).queryByRole('img')).not.toBeInTheDocument();
  });

  it("says an XP milestone's experience once", async () => {
    feedServer(() =>
      Response.json(
        page([
          moment(3, {
            kind: 'xp_milestone',
            title: '50M Attack XP',
            details: 'Attack 50,012,345 XP',
            value: 50_012_345,
          }),
        ]),
      ),
    );
    renderApp('/feed');
    const [milestone] = await screen.findAllByRole('article');
    expect(milestone).toHaveTextContent('50M Attack XP');
    expect(milestone!.textContent.match(/50,012,345/g)).toHaveLength(1);
  });

  it('opens the full screenshot in a dialog from its thumbnail, and closes it again', async () => {
    feedServer(() =>
      Response.json(
        page([
          moment(2, {
            title: 'Twisted bow',
            image_url: '/api/dink/images/12',
            thumbnail_url: '/api/dink/images/12/thumbnail',
          }),
        ]),
      ),
    );
    renderApp('/feed');
    const [drop] = await screen.findAllByRole('article');
    const open = within(drop!).getByRole('button', {
      name: 'Screenshot of Zezima: Twisted bow (opens full size)',
    });
    // Pointing at the thumbnail fetches the dialog's code; the first one opened may wait for it.
    await userEvent.hover(open);
    await userEvent.click(open);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Screenshot of Zezima: Twisted bow' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/dink/images/12');
    expect(within(dialog).getByRole('link', { name: 'Open the picture on its own' })).toHaveAttribute(
      'href',
      '/api/dink/images/12',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).toHaveFocus();
  });

  it('explains in one line where moments come from when the feed is empty', async () => {
    feedServer(() => Response.json(page([])));
    renderApp('/feed');
    expect(await screen.findByText('No moments yet')).toBeInTheDocument();
    expect(screen.getByText(/Moments come from members' Dink plugin/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
  });

  it('narrows to a kind and a member, keeping both in the URL', async () => {
    const { asked } = feedServer((request) =>
      Response.json(page(request.url.searchParams.has('wom_id') ? [] : [moment(1)])),
    );
    const { location } = renderApp('/feed', { members: roster });
    expect(await screen.findByText('Drop 1')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Pets');
    expect(location.search).toBe('?kind=pet');
    await pickMember('Woox', { label: 'Member' });
    expect(location.search).toBe('?kind=pet&wom_id=77');
    expect(await screen.findByText('No moments match these filters')).toBeInTheDocument();
    expect(asked).toEqual(['', '?kind=pet', '?kind=pet&wom_id=77']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.search).toBe('');
    expect(await screen.findByText('Drop 1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('');
  });

  it('opens on the filters a link carries, ignoring a kind the feed does not have', async () => {
    const { asked } = feedServer(() => Response.json(page([moment(1)])));
    renderApp('/feed?kind=pet&wom_id=42', { members: roster });
    expect(await screen.findByText('Drop 1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('pet');
    expect(memberCombobox({ label: 'Member' })).toHaveValue('Zezima');
    expect(asked).toEqual(['?kind=pet&wom_id=42']);
  });

  it('reads a kind it does not know as every kind', async () => {
    const { asked } = feedServer(() => Response.json(page([moment(1)])));
    renderApp('/feed?kind=bogus');
    expect(await screen.findByText('Drop 1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('');
    expect(asked).toEqual(['']);
  });

  it('loads older moments from the cursor the last page gave, until there are none', async () => {
    const { asked } = feedServer((request) =>
      request.url.searchParams.get('cursor') === '2'
        ? Response.json(page([moment(1)]))
        : Response.json(page([moment(3), moment(2)], '2')),
    );
    renderApp('/feed?kind=loot');
    expect(await screen.findByText('Drop 3')).toBeInTheDocument();
    expect(cards()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Drop 1')).toBeInTheDocument();
    expect(cards().map((card) => within(card).getByText(/^Drop \d/).textContent)).toEqual([
      'Drop 3',
      'Drop 2',
      'Drop 1',
    ]);
    expect(asked).toEqual(['?kind=loot', '?kind=loot&cursor=2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the moments shown when a later page fails, and says so', async () => {
    feedServer((request) =>
      request.url.searchParams.has('cursor')
        ? apiError(503, 'UNAVAILABLE', 'Service unavailable')
        : Response.json(page([moment(2)], '2')),
    );
    renderApp('/feed');
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    await userEvent.click(loadMore);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load more moments: Service unavailable',
    );
    expect(screen.getByText('Drop 2')).toBeInTheDocument();
    // Ready to try again, with the keyboard's focus still on it.
    expect(screen.getByRole('button', { name: 'Load more' })).toBe(loadMore);
    expect(loadMore).toHaveAttribute('aria-disabled', 'false');
    expect(loadMore).toHaveFocus();
  });

  it('shows the error state when the feed fails to load, and Try Again loads it', async () => {
    let up = false;
    feedServer(() =>
      up ? Response.json(page([moment(1)])) : apiError(500, 'INTERNAL', 'Something went wrong'),
    );
    renderApp('/feed');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load the Feed' })).toBeInTheDocument();
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Drop 1')).toBeInTheDocument();
  });

  it('links to the personal-best page beside it, marking the feed as the page shown', async () => {
    feedServer(() => Response.json(page([])));
    renderApp('/feed');
    const nav = await screen.findByRole('navigation', { name: 'From the game' });
    expect(within(nav).getByRole('link', { name: 'Clan Feed' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Personal Bests & Loot' })).toHaveAttribute(
      'href',
      '/personal-bests',
    );
  });
});
