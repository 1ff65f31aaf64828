/** What a handler answers; the server writes it as is, so faults can answer bodies that are not JSON. */
export interface Reply {
  status: number;
  body: string;
  contentType: string | null;
  headers: Record<string, string>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body: JSON.stringify(value), contentType: JSON_TYPE, headers };
}

/** A body that is already JSON text, e.g. spliced from cached snapshots. */
export function rawJsonReply(status: number, body: string): Reply {
  return { status, body, contentType: JSON_TYPE, headers: {} };
}

/**
 * An error the WOM server would answer, as `{code, subError?, message}` (§2.0). Legacy errors use the
 * code UNEXPECTED_ERROR and a message ending in a period; new ones have their own code.
 */
export class WomError extends Error {
  override name = 'WomError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly subError: { code: string } | null = null,
  ) {
    super(message);
  }

  toReply(): Reply {
    const body =
      this.subError === null
        ? { code: this.code, message: this.message }
        : { code: this.code, subError: this.subError, message: this.message };
    return jsonReply(this.status, body, this.headers);
  }
}

export const legacyError = (status: number, message: string): WomError =>
  new WomError(status, 'UNEXPECTED_ERROR', message);
export const validationError = (message: string): WomError => new WomError(400, 'VALIDATION_ERROR', message);

export const groupNotFound = (): WomError => new WomError(404, 'GROUP_NOT_FOUND', 'Group not found');
export const legacyGroupNotFound = (): WomError => legacyError(404, 'Group not found.');
export const playerNotFound = (): WomError => new WomError(404, 'PLAYER_NOT_FOUND', 'Player not found');
export const endpointNotFound = (): WomError => new WomError(404, 'ENDPOINT_NOT_FOUND', 'Endpoint not found');
export const hiscoresUnavailable = (): WomError =>
  new WomError(503, 'HISCORES_SERVICE_UNAVAILABLE', 'Jagex Hiscores Service is unavailable');
