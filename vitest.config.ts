/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite setup, so unit tests can render .astro components with the container API.
export default getViteConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The REST API in process on a real database: in-memory PGlite, or PostgreSQL with DATABASE_URL.
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      // Measures the build in dist/: `npm test` builds first.
      { test: { name: 'build', include: ['tests/perf/**/*.test.ts'] } },
    ],
  },
});
