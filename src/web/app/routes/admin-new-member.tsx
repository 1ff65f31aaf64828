/** SCAFFOLD: filled in by its owner this session. */
export function Component() {
  return null;
}
