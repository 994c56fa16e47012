import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Measures the build in dist/: `npm test` builds first.
      { test: { name: 'build', include: ['tests/perf/**/*.test.ts'] } },
    ],
  },
});
