/**
 * `npm run create-admin -- --email E --password P [--first-name F] [--last-name L] [--phone N]`
 * Creates a confirmed administrator, or makes an existing user one (docs/product.md#d7-admin-guard). Works on a fresh
 * DATA_DIR (migrates first). The embedded database is locked while a server holds it: then the
 * command refuses instead of touching it.
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { RegistrationSchema } from '../lib/accounts.ts';
import { userRoles, users } from '../server/db/schema.ts';
import { createAccount } from '../server/features/accounts/accounts.service.ts';
import { loadDotEnv, loadSettingsOrExit } from '../server/settings.ts';
import { openCommandDatabase } from './command-database.ts';

const USAGE = 'Usage: npm run create-admin -- --email E --password P [--first-name F] [--last-name L] [--phone N]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: 'HWDS' },
    phone: { type: 'string', default: '00000' },
  },
  strict: true,
});
if (!values.email) fail(USAGE);

loadDotEnv();
const settings = loadSettingsOrExit();

const database = await openCommandDatabase(settings);

try {
  const { db } = database;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${values.email.trim().toLowerCase()}`);

  if (existing) {
    await db
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, existing.id));
    await db.insert(userRoles).values({ userId: existing.id, name: 'ROLE_ADMIN' }).onConflictDoNothing();
    console.log(`${values.email} is now an administrator (password unchanged).`);
  } else {
    const parsed = v.safeParse(RegistrationSchema, {
      firstName: values['first-name'],
      lastName: values['last-name'],
      phoneNumber: values.phone,
      userEmail: values.email,
      password: values.password ?? '',
    });
    if (!parsed.success) {
      fail(parsed.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`).join('\n'));
    }
    const input = parsed.output;
    await createAccount(db, input, { roles: ['ROLE_USER', 'ROLE_ADMIN'], confirmed: true });
    console.log(`Administrator ${input.userEmail} created.`);
  }
} finally {
  await database.close();
}
