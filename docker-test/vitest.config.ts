// The container suite (`npm run test:docker`): builds the image and runs it on a real Docker engine.
// One file, one worker: the image is built once and its checks run in order on it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['docker-test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 900_000,
  },
});
