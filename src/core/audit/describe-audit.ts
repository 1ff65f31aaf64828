import { roleDisplayName } from '../members/roles.ts';
import type { AuditEntry } from './audit.schema.ts';
import { fieldLabel } from './audit-changes.ts';

/** What a sentence needs of a row: the action, its target and values, and the names the server found. */
export type DescribableEntry = Pick<
  AuditEntry,
  | 'actor_user_id'
  | 'actor_label'
  | 'actor_name'
  | 'action'
  | 'target_type'
  | 'target_id'
  | 'before'
  | 'after'
  | 'target_name'
  | 'member_wom_id'
  | 'member_name'
  | 'member_names'
>;

/**
 * Every action the site records, with its readable name: the one list the audit filter and the log
 * both read. `recordAudit` takes only these keys, so a new action cannot reach the log unnamed.
 */
export const AUDIT_ACTION_LABELS = {
  'member.points': 'Points given',
  'member.points_undo': 'Points undone',
  'member.update': 'Member edited',
  'member.create': 'Member added',
  'member.delete': 'Member removed',
  'member.restore': 'Member restored',
  'member.rank': 'Rank changed',
  'member.visibility': 'Visibility changed',
  'member.whitelist': 'Whitelisted',
  'member.unwhitelist': 'Removed from whitelist',
  'member.away': 'Away date set or cleared',
  'member.rename': 'Renamed by Wise Old Man',
  'member.return': 'Returned to the clan',
  'member.import': 'Members CSV imported',
  'event.create': 'Event created',
  'event.update': 'Event edited',
  'event.delete': 'Event deleted',
  'event.book-points': 'Event points booked',
  'claim-code.create': 'Claim code created',
  'claim-code.revoke': 'Claim code revoked',
  'claim-request.approve': 'Claim request approved',
  'claim-request.deny': 'Claim request denied',
  'claim-request.close': 'Claim request closed',
  'season.reset': 'Season reset',
  'player-watch.import': 'Player-watch list imported',
  'user.create': 'Account created',
  'user.admin.grant': 'Admin granted',
  'user.admin.revoke': 'Admin removed',
  'user.auth-id.link': 'Sign-in id linked',
  'user.password.change': 'Password changed',
  'user.password.reset': 'Password reset',
  'user.password.reset-link': 'Password reset link made',
  'admin.account.create': 'Admin account created',
  'admin.account.update': 'Admin account updated',
  'discord.route_create': 'Discord route added',
  'discord.route_update': 'Discord route edited',
  'discord.route_delete': 'Discord route deleted',
  'discord.route_stopped': 'Discord route stopped',
  'discord.app': 'Discord application changed',
  'discord.rank_roles': 'Discord rank roles mapped',
  'discord.roles_changed': 'Discord roles changed',
  'discord.roles_stopped': 'Discord role sync stopped',
  'discord.commands': 'Discord commands registered',
  'user.discord.link': 'Discord linked',
  'user.discord.unlink': 'Discord unlinked',
  'user.discord.admin': 'Admin by Discord role changed',
  'dink.settings': 'Dink thresholds changed',
  'bingo.create': 'Bingo board created',
  'bingo.submit': 'Bingo proof submitted',
  'bingo.decide': 'Bingo proof decided',
  'bingo.update': 'Bingo board changed',
  'bingo.tile': 'Bingo tile added',
  'bingo.delete': 'Bingo board deleted',
  'bingo.referees': 'Bingo referees set',
  'bingo.template': 'Bingo template saved or deleted',
  'bingo.points': 'Bingo points booked',
  'points.batch': 'Event points awarded',
  'points.batch_undo': 'Event award undone',
  'clan.ranks': 'Rank ladder changed',
  'clan.points': 'Point values changed',
  'clan.profile': 'Clan profile changed',
  'clan.wom-code': 'WOM verification code changed',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

const isKnownAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** The filter's name for an action; one this site does not know yet shows as recorded. */
export function actionLabel(action: string): string {
  return isKnownAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

/** The label a row without an account records for who acted: a sign-up, a job, the shell. */
const SELF_SIGN_UP = 'register';
const SYSTEM_ACTORS: Readonly<Record<string, string>> = {
  'wom-sync': 'The Wise Old Man sync',
  'player-watch': 'The player-watch check',
  'start-up': 'The server at start-up',
  'npm run admin': 'The server shell (npm run admin)',
  'discord-delivery': 'The Discord delivery',
};

/**
 * Who acted, as the sentence starts: the account's name now, the new user who signed up, a job or
 * the shell by what it is, else the name recorded (an account removed since).
 */
export function auditActorName(entry: DescribableEntry): string {
  if (entry.actor_name) return entry.actor_name;
  if (entry.actor_user_id !== null) return entry.actor_label;
  if (entry.actor_label === SELF_SIGN_UP) return entry.target_name ?? 'A new user';
  return SYSTEM_ACTORS[entry.actor_label] ?? entry.actor_label;
}

type Values = Record<string, unknown>;

const record = (value: unknown): Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Values) : {};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A date or timestamp as '1 Dec 2026'; text that is not one is shown as it is. */
function dayText(value: unknown): string {
  const raw = text(value);
  if (raw === null) return 'an unknown date';
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? raw : dateFormat.format(date);
}

/** ': reason' when there is one, so a sentence never ends in a dangling colon. */
const because = (reason: unknown) => (text(reason) === null ? '' : `: ${text(reason)}`);

/** The member, by name where the server found one, else by WOM id, else plainly. */
function memberOf(entry: DescribableEntry): string {
  if (entry.member_name) return entry.member_name;
  const id = entry.member_wom_id ?? (entry.target_type === 'member' ? entry.target_id : null);
  return id === null ? 'a member' : `member #${id}`;
}

/** The target other than a member: a user, an event, a season; by name, else type and id. */
function targetOf(entry: DescribableEntry, fallback: string): string {
  if (entry.target_name) return entry.target_name;
  return entry.target_id === null ? fallback : `${fallback} #${entry.target_id}`;
}

function eventName(entry: DescribableEntry): string {
  const name = text(record(entry.after).name) ?? text(record(entry.before).name);
  return entry.target_name ?? name ?? targetOf(entry, 'event');
}

/** 'Siege score, Title and Rank' for the fields a member edit changed. */
function fieldList(entry: DescribableEntry): string {
  const fields = Object.keys(record(entry.after))
    .filter((field) => field !== 'updated_at' && field !== 'baseline_source')
    .map((field) => fieldLabel(field).toLowerCase());
  if (fields.length === 0) return '';
  const last = fields.pop() as string;
  return ` (${fields.length === 0 ? last : `${fields.join(', ')} and ${last}`})`;
}

/** Names of the members a bulk action lists, at most three, then 'and N more'. */
function nameList(entry: DescribableEntry, ids: unknown): string {
  const list = Array.isArray(ids) ? ids.map((id) => entry.member_names[String(id)] ?? `#${String(id)}`) : [];
  if (list.length <= 3) return list.join(', ');
  return `${list.slice(0, 3).join(', ')} and ${list.length - 3} more`;
}

type Describe = (entry: DescribableEntry) => string;

/** A Discord route by the name it had in the row, else by its id. */
function routeName(entry: DescribableEntry): string {
  const name = text(record(entry.after).name) ?? text(record(entry.before).name);
  return name === null ? targetOf(entry, 'Discord route') : `the Discord route "${name}"`;
}

const SENTENCES: Readonly<Record<AuditAction, Describe>> = {
  'member.points': (entry) => {
    const amount = Number(record(entry.after).amount);
    if (!Number.isFinite(amount)) return `changed ${memberOf(entry)}'s points`;
    return amount < 0
      ? `took ${plural(-amount, 'point')} from ${memberOf(entry)}`
      : `gave ${plural(amount, 'point')} to ${memberOf(entry)}${because(record(entry.after).reason)}`;
  },
  'member.points_undo': (entry) => {
    const amount = -Number(record(entry.after).amount);
    const points = Number.isFinite(amount) ? plural(amount, 'point') : 'points';
    return `undid ${points} given to ${memberOf(entry)}${because(record(entry.after).reason)}`;
  },
  'member.update': (entry) => `edited ${memberOf(entry)}${fieldList(entry)}`,
  'member.create': (entry) => `added ${memberOf(entry)} to the roster`,
  'member.delete': (entry) => `removed ${memberOf(entry)} from the roster`,
  'member.restore': (entry) => `restored ${memberOf(entry)} to the roster`,
  'member.rank': (entry) =>
    `changed ${memberOf(entry)}'s rank from ${roleDisplayName(text(record(entry.before).womrole))} to ${roleDisplayName(text(record(entry.after).womrole))}`,
  'member.visibility': (entry) =>
    record(entry.after).hidden === true
      ? `hid ${memberOf(entry)} from the public site`
      : `showed ${memberOf(entry)} on the public site again`,
  'member.whitelist': (entry) =>
    `whitelisted ${memberOf(entry)}${because(record(entry.after).runewatch_whitelist_reason)}`,
  'member.unwhitelist': (entry) => {
    const after = record(entry.after);
    return `removed ${memberOf(entry)} from the whitelist${because(after.reason ?? after.unwhitelist_reason)}`;
  },
  'member.away': (entry) => {
    const until = record(entry.after).away_until;
    return text(until) === null
      ? `marked ${memberOf(entry)} as back from being away`
      : `marked ${memberOf(entry)} away until ${dayText(until)}`;
  },
  'member.rename': (entry) => {
    const from = text(record(entry.before).wom_name);
    const to = text(record(entry.after).wom_name);
    return from && to
      ? `recorded that ${from} is now called ${to}`
      : `recorded a new name for ${memberOf(entry)}`;
  },
  'member.return': (entry) => {
    const before = text(record(entry.before).join_date);
    const back = `recorded that ${memberOf(entry)} returned to the clan on ${dayText(record(entry.after).returned_on)}`;
    return before === null ? back : `${back}, keeping the first join date ${dayText(before)}`;
  },
  'member.import': (entry) => {
    const changed = Object.keys(record(entry.after)).length;
    return `imported a members CSV that changed ${plural(changed, 'member')}`;
  },
  'event.create': (entry) => `created the event ${eventName(entry)}`,
  'event.update': (entry) => `edited the event ${eventName(entry)}`,
  'event.delete': (entry) => `deleted the event ${eventName(entry)}`,
  'event.book-points': (entry) => {
    const after = record(entry.after);
    const points = Number(after.points);
    const members = Number(after.members);
    const figures =
      Number.isFinite(points) && Number.isFinite(members)
        ? `: ${plural(points, 'point')} to ${plural(members, 'member')}`
        : '';
    return `booked the points of ${eventName(entry)}, from before this site${figures}`;
  },
  'claim-code.create': (entry) => `made a claim code for ${memberOf(entry)}`,
  'claim-code.revoke': (entry) => `revoked a claim code for ${memberOf(entry)}`,
  'claim-request.approve': (entry) =>
    `approved ${targetOf(entry, 'a user')}'s claim to ${memberOf(entry)}${because(record(entry.after).admin_notes)}`,
  'claim-request.deny': (entry) =>
    `denied ${targetOf(entry, 'a user')}'s claim to ${memberOf(entry)}${because(record(entry.after).admin_notes)}`,
  'claim-request.close': (entry) =>
    `closed ${targetOf(entry, 'a user')}'s pending claim to ${memberOf(entry)}${because(record(entry.after).admin_notes)}`,
  'season.reset': (entry) => {
    const after = record(entry.after);
    const closed = text(record(after.closed).name);
    const opened = text(record(after.opened).name);
    const reset = Number(after.members_reset);
    const seasons = closed && opened ? `, closing ${closed} and opening ${opened}` : '';
    const members = Number.isFinite(reset) ? ` (${plural(reset, 'member')})` : '';
    return `reset every siege score${seasons}${members}`;
  },
  'player-watch.import': (entry) => {
    const after = record(entry.after);
    const reported = count(after.reported);
    const cleared = count(after.cleared);
    const parts = [
      reported > 0 ? `${plural(reported, 'member')} reported (${nameList(entry, after.reported)})` : null,
      cleared > 0 ? `${plural(cleared, 'member')} cleared (${nameList(entry, after.cleared)})` : null,
    ].filter((part) => part !== null);
    return `imported the player-watch list${parts.length === 0 ? ', changing no member' : `: ${parts.join('; ')}`}`;
  },
  'user.create': (entry) =>
    entry.actor_user_id === null && entry.actor_label === SELF_SIGN_UP
      ? 'signed up'
      : `created the account ${targetOf(entry, 'user')}`,
  'user.admin.grant': (entry) => `made ${targetOf(entry, 'user')} an admin`,
  'user.admin.revoke': (entry) => `removed ${targetOf(entry, 'user')}'s admin rights`,
  'user.auth-id.link': (entry) =>
    text(record(entry.after).supabase_auth_id) === null
      ? `unlinked ${targetOf(entry, 'user')}'s sign-in id`
      : `linked ${targetOf(entry, 'user')} to a sign-in id`,
  'user.password.change': () => 'changed their own password',
  'user.password.reset': (entry) => {
    const maker = text(record(record(entry.after).link_created_by).username);
    if (maker) return `set a new password with a reset link from ${maker}`;
    return 'link_created_by' in record(entry.after)
      ? 'set a new password with a reset link'
      : `reset ${targetOf(entry, 'user')}'s password`;
  },
  'user.password.reset-link': (entry) =>
    `made a password reset link for ${targetOf(entry, 'user')}, valid until ${dayText(record(entry.after).expires_at)}`,
  'admin.account.create': (entry) => `created the admin account ${targetOf(entry, 'user')}`,
  'admin.account.update': (entry) => {
    const wasAdmin = record(entry.before).is_admin === true;
    const newPassword = record(entry.after).password_changed === true;
    const user = targetOf(entry, 'user');
    if (!wasAdmin) return newPassword ? `made ${user} an admin with a new password` : `made ${user} an admin`;
    return `set a new password for the admin account ${user}`;
  },
  'discord.route_create': (entry) => `added ${routeName(entry)}`,
  'discord.route_update': (entry) => `edited ${routeName(entry)}`,
  'discord.route_delete': (entry) => `deleted ${routeName(entry)}`,
  'discord.route_stopped': (entry) => {
    const reason = text(record(entry.after).reason);
    return `stopped ${routeName(entry)}${reason === null ? '' : `: Discord answered ${reason}`}`;
  },
  'discord.app': () => 'changed the Discord application settings',
  'discord.rank_roles': (entry) =>
    `mapped ${plural(Object.keys(record(record(entry.after).roles)).length, 'rank')} to Discord roles`,
  'discord.roles_changed': (entry) => {
    const after = record(entry.after);
    return `changed ${targetOf(entry, 'user')}'s Discord roles (${count(after.add)} added, ${count(after.remove)} removed)`;
  },
  'discord.roles_stopped': (entry) =>
    `stopped Discord role changes: Discord answered ${text(record(entry.after).reason) ?? 'a refusal'}`,
  'discord.commands': (entry) =>
    `registered ${plural(count(record(entry.after).commands), 'slash command')} on Discord`,
  'user.discord.link': (entry) =>
    `linked ${targetOf(entry, 'user')} to the Discord user ${text(record(entry.after).discord_username) ?? ''}`.trimEnd(),
  'user.discord.unlink': (entry) => `unlinked Discord from ${targetOf(entry, 'user')}`,
  'user.discord.admin': (entry) =>
    record(entry.after).is_admin === true
      ? `made ${targetOf(entry, 'user')} an admin by their Discord role`
      : `took admin from ${targetOf(entry, 'user')}: they no longer hold an admin Discord role`,
  'dink.settings': () => 'changed the Dink thresholds',
  'clan.ranks': (entry) => {
    const proposals = count(record(entry.after).proposals);
    return `changed the rank ladder${proposals > 0 ? `, making ${plural(proposals, 'rank change')} due` : ''}`;
  },
  'clan.points': () => 'changed the point values',
  'bingo.submit': () => 'submitted a proof for a bingo tile',
  'bingo.decide': (entry) => {
    const status = text(record(entry.after).status);
    if (status === 'approved') return 'approved a bingo proof';
    if (status === 'denied')
      return `denied a bingo proof: ${text(record(entry.after).reason) ?? ''}`.trimEnd();
    return 'put a bingo proof back in the queue';
  },
  'bingo.create': (entry) => `created the bingo board ${text(record(entry.after).title) ?? ''}`.trimEnd(),
  'bingo.update': (entry) => `changed the bingo board ${text(record(entry.after).title) ?? ''}`.trimEnd(),
  'bingo.tile': (entry) =>
    `added the tile ${text(record(entry.after).title) ?? ''} to a bingo board`.replace('  ', ' '),
  'bingo.delete': (entry) => `deleted the bingo board ${text(record(entry.before).title) ?? ''}`.trimEnd(),
  'bingo.referees': () => "set a bingo board's referees",
  'bingo.template': (entry) =>
    entry.after === null
      ? `deleted the bingo template ${text(record(entry.before).name) ?? ''}`.trimEnd()
      : `saved the bingo template ${text(record(entry.after).name) ?? ''}`.trimEnd(),
  'bingo.points': () => "booked a bingo board's points by team placement",
  'points.batch': (entry) => {
    const after = record(entry.after);
    return `awarded points to ${plural(count(after.entries), 'member')} in one go: ${text(after.reason) ?? ''}`;
  },
  'points.batch_undo': (entry) =>
    `undid an award to ${plural(count(record(entry.before).entries), 'member')}`,
  'clan.profile': () => "changed the clan's profile",
  'clan.wom-code': (entry) =>
    record(entry.after).set === true
      ? "stored the Wise Old Man group's verification code"
      : "removed the Wise Old Man group's verification code",
};

/**
 * What the row's actor did, as the rest of a sentence that starts with their name: 'gave 5 points to
 * BigJad'. An action this site has no wording for yet still reads as a sentence, never an error.
 */
export function describeAuditEntry(entry: DescribableEntry): string {
  if (isKnownAction(entry.action)) return SENTENCES[entry.action](entry);
  const target =
    entry.target_type === 'member'
      ? memberOf(entry)
      : targetOf(entry, entry.target_type.replace(/[_-]/g, ' '));
  return `recorded "${entry.action}" on ${target}`;
}
