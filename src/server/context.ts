/** What the API is made of, passed in by whoever creates it (the server process or a test). */
import type { Company } from './content-files.ts';
import type { Database } from './db/schema.ts';
import type { AccessTokenKeys } from './features/accounts/access-tokens.ts';
import type { RoleName } from './features/accounts/accounts.views.ts';
import type { DeviceCookies } from './features/accounts/device-cookies.ts';
import type { RateLimits } from './features/accounts/rate-limits.ts';
import type { EditorRuntime } from './features/editor/editor.routes.ts';
import type { StaffCookies } from './features/editor/staff-cookies.ts';
import type { ImageStore } from './features/images/image-store.ts';
import type { InvoiceFiles } from './features/invoices/invoices.service.ts';
import type { MaterialStore } from './features/materials/material-store.ts';
import type { PaymentConfig } from './features/payments/payment-config.ts';
import type { MailSender } from './mail/queue.ts';

export interface ApiDependencies {
  db: Database;
  /** Delivers the mail queue; services queue mail in their transactions and wake it after. */
  mailSender: MailSender;
  images: ImageStore;
  /** The invoices' PDFs, made once and kept in the blob store (docs/product.md#d37-invoices). */
  invoices: InvoiceFiles;
  /** Customers' project materials and print files (docs/product.md#d36-next-steps). */
  materials: MaterialStore;
  tokens: AccessTokenKeys;
  /** Signs and checks the browsers' device cookies of the login (docs/product.md#h2-rate-limits). */
  deviceCookies: DeviceCookies;
  /** Signs and checks the admins' staff-tools cookies of the content editor (docs/product.md#d38-content-editor). */
  staffCookies: StaffCookies;
  /**
   * The content editor's releases and Keystatic's API: only on the site's own server, which sets
   * them once it knows the release it serves (src/cli/start.ts); elsewhere its routes answer 404.
   */
  editor?: EditorRuntime;
  /** Public origin of the site, for links in e-mails. */
  siteUrl: string;
  /** API base as the browser sees it, for image URLs. */
  publicApiBase: string;
  rateLimits: RateLimits;
  payments: PaymentConfig;
  /** From content/site.yaml, for the mails: the agency's name, address and contact, and how prices are taxed. */
  company: Company;
  /** Serve the interactive API reference at /api/docs. */
  apiDocs: boolean;
}

export interface AuthenticatedUser {
  id: number;
  sessionId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roles: RoleName[];
}

/** Hono environment: the caller's address and the request's id come from the HTTP server. */
export interface ApiEnv {
  Bindings: { clientAddress?: string; requestId?: string };
  Variables: { user: AuthenticatedUser };
}
