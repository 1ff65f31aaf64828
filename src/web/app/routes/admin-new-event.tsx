/** SCAFFOLD: filled in by its owner this session (the /admin/events/new page). */
export function Component() {
  return null;
}
