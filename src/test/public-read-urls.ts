/** Every public JSON read a browser polls, as it asks for it; each is prebuilt and answers 304 to its tag. */
export const PUBLIC_READ_URLS = [
  '/api/members',
  '/api/events',
  '/api/leaderboards',
  '/api/wom-group',
  '/api/wom-group-stats',
  '/api/wom-group-achievements',
  '/api/wom-group-achievements?limit=100',
  '/api/wom-competitions',
  '/api/clan',
  '/api/anniversaries',
  '/api/races',
  '/api/races?scope=public&limit=20',
  '/api/user-goals?scope=public',
];
