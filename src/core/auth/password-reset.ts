/** How long an admin's one-time password reset link works (decision 015). */
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;

/** The web page that takes a reset link's token. */
export const RESET_PASSWORD_PAGE = '/reset-password';

/** The path the admin hands to the user; the token is URL-safe base64, so it needs no escaping. */
export function resetLinkPath(token: string): string {
  return `${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
}

export function resetLinkExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PASSWORD_RESET_TTL_MS);
}

/** A link works once, and only before it expires. */
export function isResetLinkUsable(link: { expires_at: string; used_at: string | null }, now: Date): boolean {
  return link.used_at === null && Date.parse(link.expires_at) > now.getTime();
}
