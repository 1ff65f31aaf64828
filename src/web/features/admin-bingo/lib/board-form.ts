import type { BingoLayout, CreateBingoInput, TileGoal } from '#core/bingo/bingo.schema.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';

/** A tile as the builder edits it: its goal's fields as typed (items one per line). */
export interface TileDraft {
  row: number;
  col: number;
  title: string;
  /** A skill, boss or activity key; '' for none. */
  icon: string;
  points: string;
  type: TileGoal['type'];
  items: string;
  metric: string;
  count: string;
}

export interface TeamDraft {
  name: string;
  members: Array<{ wom_id: string; name: string }>;
}

/** The builder's state: text fields as typed, turned into the API's body by `boardPayload`. */
export interface BoardForm {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  size: number;
  codeword: string;
  review: 'auto' | 'referee';
  signups: boolean;
  bonuses: { row: string; column: string; diagonal: string; board: string };
  tiles: TileDraft[];
  teams: TeamDraft[];
}

/** A `datetime-local` value (the admin's own zone) for an instant. */
export function localInput(iso: string): string {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const DAY_MS = 86_400_000;

export function emptyTile(row: number, col: number): TileDraft {
  return { row, col, title: '', icon: '', points: '1', type: 'item', items: '', metric: '', count: '1' };
}

/** A new board: a week from tomorrow at this hour, 5×5, completing tiles by itself. */
export function emptyBoard(now: Date): BoardForm {
  const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + DAY_MS);
  return {
    title: '',
    description: '',
    startsAt: localInput(start.toISOString()),
    endsAt: localInput(new Date(start.getTime() + 7 * DAY_MS).toISOString()),
    size: 5,
    codeword: '',
    review: 'auto',
    signups: false,
    bonuses: { row: '0', column: '0', diagonal: '0', board: '0' },
    tiles: [],
    teams: [],
  };
}

function tileDraft(tile: {
  row: number;
  col: number;
  title: string;
  icon: string | null;
  points: number;
  goal: TileGoal;
}): TileDraft {
  const { goal } = tile;
  return {
    row: tile.row,
    col: tile.col,
    title: tile.title,
    icon: tile.icon ?? '',
    points: String(tile.points),
    type: goal.type,
    items: goal.type === 'item' ? goal.items.join('\n') : '',
    metric: goal.type === 'kc' || goal.type === 'xp' ? goal.metric : '',
    count:
      goal.type === 'item' || goal.type === 'kc'
        ? String(goal.count)
        : goal.type === 'xp'
          ? String(goal.amount)
          : '1',
  };
}

/** A template's layout on a new board's dates. */
export function boardFromTemplate(form: BoardForm, layout: BingoLayout): BoardForm {
  return {
    ...form,
    description: layout.description,
    size: layout.size,
    codeword: layout.codeword ?? '',
    review: layout.review,
    bonuses: {
      row: String(layout.bonuses.row),
      column: String(layout.bonuses.column),
      diagonal: String(layout.bonuses.diagonal),
      board: String(layout.bonuses.board),
    },
    tiles: layout.tiles.map(tileDraft),
  };
}

/** A board as it stands, to change before it starts. */
export function boardToForm(
  board: BingoBoardView,
  extras: { codeword: string | null; review: 'auto' | 'referee'; signups_open: boolean },
): BoardForm {
  return {
    title: board.title,
    description: board.description,
    startsAt: localInput(board.starts_at),
    endsAt: localInput(board.ends_at),
    size: board.size,
    codeword: extras.codeword ?? '',
    review: extras.review,
    signups: extras.signups_open,
    bonuses: {
      row: String(board.bonuses.row),
      column: String(board.bonuses.column),
      diagonal: String(board.bonuses.diagonal),
      board: String(board.bonuses.board),
    },
    tiles: board.tiles.map(tileDraft),
    teams: board.teams.map((team) => ({ name: team.name, members: team.members })),
  };
}

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A tile's goal as the API takes it; numbers the server checks (a bad one comes back by field). */
export function tileGoal(tile: TileDraft): TileGoal {
  switch (tile.type) {
    case 'item':
      return {
        type: 'item',
        items: tile.items
          .split('\n')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
        count: whole(tile.count),
      };
    case 'kc':
      return { type: 'kc', metric: tile.metric, count: whole(tile.count) };
    case 'xp':
      return { type: 'xp', metric: tile.metric, amount: whole(tile.count) };
    case 'manual':
      return { type: 'manual' };
  }
}

export function tilePayload(tile: TileDraft) {
  return {
    row: tile.row,
    col: tile.col,
    title: tile.title.trim(),
    icon: tile.icon === '' ? null : tile.icon,
    points: whole(tile.points),
    goal: tileGoal(tile),
  };
}

/** The builder's form as `POST /api/admin/bingo` takes it; tiles off a smaller board are left out. */
export function boardPayload(form: BoardForm): CreateBingoInput {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    starts_at: new Date(form.startsAt).toISOString(),
    ends_at: new Date(form.endsAt).toISOString(),
    size: form.size,
    codeword: form.codeword.trim() === '' ? null : form.codeword.trim(),
    review: form.review,
    signups: form.signups,
    bonuses: {
      row: whole(form.bonuses.row),
      column: whole(form.bonuses.column),
      diagonal: whole(form.bonuses.diagonal),
      board: whole(form.bonuses.board),
    },
    teams: form.teams.map((team) => ({
      name: team.name.trim(),
      members: team.members.map((member) => member.wom_id),
    })),
    tiles: form.tiles.filter((tile) => tile.row < form.size && tile.col < form.size).map(tilePayload),
  };
}
