import type { DiscordUser } from './guilds.ts';

/** What Discord's consent screen says each scope lets the application do. */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  identify: 'Access your username, avatar, and banner',
  email: 'Access your email address',
  connections: 'Access your third-party connections',
  guilds: "Know what servers you're in",
  'guilds.join': 'Join servers for you',
  'guilds.members.read': 'Read your member info (nickname, avatar, roles, etc.) for servers you belong to',
  'applications.commands': 'Create commands',
  'role_connections.write': 'Update your connection and metadata for this app',
  openid: 'Sign you in with OpenID Connect',
};

export interface SignInChoice {
  user: DiscordUser;
  /** Whether the user is in the stand-in's default guild. */
  member: boolean;
}

export interface AuthorizeView {
  /** Where the form posts: the path the page was served on. */
  action: string;
  applicationName: string;
  scopes: readonly string[];
  guildName: string;
  choices: readonly SignInChoice[];
  /** The authorization request's parameters, carried through the form unchanged. */
  request: Readonly<Record<string, string>>;
  /** Why the last submit was refused, shown above the choices; the typed name is kept. */
  error?: { message: string; newUsername: string; notMember: boolean };
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #313338; color: #f2f3f5; margin: 0; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #2b2d31; border-radius: 8px; }
  h1 { font-size: 1.25rem; } h2 { font-size: 1rem; }
  fieldset { border: 1px solid #4e5058; border-radius: 4px; margin: 1rem 0; }
  .choice, .field { margin: 0.5rem 0; }
  input[type='text'] { display: block; margin-top: 0.25rem; padding: 0.4rem; width: 100%; box-sizing: border-box; }
  .hint { color: #b5bac1; font-size: 0.875rem; margin: 0.25rem 0 0; }
  .error { background: #5c1a1b; border: 1px solid #f23f43; padding: 0.5rem; border-radius: 4px; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
  button { padding: 0.5rem 1.25rem; border-radius: 4px; border: 0; font-size: 1rem; cursor: pointer; }
  button[value='authorize'] { background: #5865f2; color: #fff; }
  button[value='cancel'] { background: transparent; color: #f2f3f5; text-decoration: underline; }
  :focus-visible { outline: 3px solid #00a8fc; outline-offset: 2px; }
`;

function htmlDocument(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

function choiceLabel({ user, member }: SignInChoice, guildName: string): string {
  const name = user.global_name === null ? user.username : `${user.global_name} (@${user.username})`;
  return `${name}, ${member ? `member of ${guildName}` : 'not in the server'}`;
}

/**
 * Discord's consent screen, standing in for signing in: the application and the scopes it asks
 * for, then a test user to sign in as (or a new one), Authorize and Cancel. Authorize comes first,
 * as Enter in the name field submits with the form's first button.
 */
export function authorizePage(view: AuthorizeView): string {
  const hidden = Object.entries(view.request)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');
  const scopes = view.scopes
    .map((scope) => `<li>${escape(SCOPE_DESCRIPTIONS[scope] ?? scope)} <code>${escape(scope)}</code></li>`)
    .join('\n');
  const choices = view.choices
    .map((choice, index) => {
      const id = `user-${choice.user.id}`;
      return `<div class="choice"><input type="radio" name="user_id" id="${id}" value="${escape(choice.user.id)}"${index === 0 ? ' checked' : ''}> <label for="${id}">${escape(choiceLabel(choice, view.guildName))}</label></div>`;
    })
    .join('\n');
  const error = view.error;
  const describedBy = error === undefined ? 'new-username-hint' : 'new-username-hint form-error';
  return htmlDocument(
    `Authorize ${view.applicationName} | Discord stand-in`,
    `<h1>${escape(view.applicationName)} wants to access your Discord account</h1>
<p>This is the local Discord stand-in: choose a test user instead of signing in.</p>
<h2>This will allow the application to:</h2>
<ul>
${scopes}
</ul>
<form method="post" action="${escape(view.action)}">
${hidden}
${error === undefined ? '' : `<p class="error" id="form-error" role="alert">${escape(error.message)}</p>`}
<fieldset>
<legend>Sign in as</legend>
${choices}
</fieldset>
<div class="field">
<label for="new-username">or a new test user named</label>
<input type="text" id="new-username" name="new_username" autocomplete="off" spellcheck="false" aria-describedby="${describedBy}" value="${escape(error?.newUsername ?? '')}">
<p class="hint" id="new-username-hint">2 to 32 of a–z, 0–9, _ and . — a new user joins ${escape(view.guildName)} unless ticked below.</p>
</div>
<div class="field">
<input type="checkbox" id="not-member" name="not_member" value="1"${error?.notMember === true ? ' checked' : ''}> <label for="not-member">not a member of the server</label>
</div>
<div class="actions">
<button type="submit" name="action" value="authorize">Authorize</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

/** Discord's page for an authorization request it cannot serve: what is wrong, nothing to submit. */
export function refusalPage(message: string): string {
  return htmlDocument(
    'Authorization failed | Discord stand-in',
    `<h1>Authorization failed</h1>
<p role="alert">${escape(message)}</p>`,
  );
}
