import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'src/web/public',
  resolve: {
    alias: [
      // wouter reaches useSyncExternalStore through a shim written for React 17 and older; React 19
      // has the hook itself, so the shim would only add bytes to the first page.
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'react' },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    // Two cores: two workers keep the machine responsive while PostgreSQL and the app also run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['src/core/**/*.test.ts'],
          environment: 'node',
          // Property tests run a hundred cases each: seconds when both cores also run PostgreSQL.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/postgres-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The WOM simulator and the Discord stand-in: plain HTTP servers, no database.
          name: 'stand-ins',
          include: ['src/stand-ins/**/*.test.ts'],
          environment: 'node',
          // Generated clans of thousands take seconds when both cores also run PostgreSQL.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/web-setup.ts'],
          // jsdom renders of long lists take seconds when the two cores are also running PostgreSQL.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
