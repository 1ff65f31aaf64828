/** The text of a failure for the admin's messages: the server's own message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Unknown error';
}
