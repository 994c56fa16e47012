/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Files that start the product on a database of their own whatever DATABASE_URL says (fresh
 * installations, restarts, backups, the server process; operations on a PostgreSQL cluster they
 * start and stop): a PostgreSQL pass would run them again unchanged, so it leaves them to the
 * first pass.
 */
const EMBEDDED_ONLY = [
  'tests/api/backup.test.ts',
  'tests/api/operations.test.ts',
  'tests/api/restart-and-admin.test.ts',
  'tests/api/server-process.test.ts',
];

// Astro's Vite setup, so unit tests can render .astro components with the container API.
export default getViteConfig({
  test: {
    // The API files wait for processes, timers and mail a third of the time: on two cores a third
    // worker fills it (vitest: 286 → 141 s).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The REST API in process on a real database: in-memory PGlite, or PostgreSQL with DATABASE_URL,
      // each test file on a copy of one database migrated and seeded once per run.
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env.DATABASE_URL ? EMBEDDED_ONLY : [],
          globalSetup: ['tests/api/support/database-template.ts'],
          // Each file builds its own app on its own database (createApp(deps)): sharing a worker's
          // loaded modules between files changes nothing they see, and saves loading them per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Measures the build in dist/: `npm test` builds first.
      { test: { name: 'build', include: ['tests/perf/**/*.test.ts'] } },
    ],
  },
});
