/**
 * What the API is made of, passed in by whoever creates it (the server process or a test). The
 * layer below the features: what it needs of a feature is an interface here, which the feature
 * implements (docs/product.md#d26-code-layout), so no feature is imported from here or from http/.
 */
import type { Company } from './content-files.ts';
import type { CatalogueRevision } from './db/catalogue-revision.ts';
import type { Database, invoices } from './db/schema.ts';
import type { RoleName } from './features/accounts/accounts.views.ts';
import type { ReleaseRecord, ReleasesView } from './features/editor/editor.views.ts';
import type { Metrics } from './http/metrics.ts';
import type { RateLimits } from './http/rate-limit-defaults.ts';
import type { Attachment } from './mail/mailer.ts';
import type { MailSender } from './mail/queue.ts';
import type { BlobStore } from './storage/blob-store.ts';

/** Whom an access token names: a user and the session it belongs to. */
export interface AccessTokenSubject {
  userId: number;
  sessionId: string;
}

/** The access tokens' keys (features/accounts/access-tokens.ts). */
export interface AccessTokenKeys {
  sign(subject: AccessTokenSubject, roles: string[]): Promise<string>;
  /** The subject of a valid token, or null for anything else (bad signature, expired, wrong alg, ...). */
  verify(token: string): Promise<AccessTokenSubject | null>;
}

/** The login's device cookies (features/accounts/device-cookies.ts, docs/product.md#h2-rate-limits). */
export interface DeviceCookies {
  /** A new cookie value for a browser that has just logged in to `account`. */
  issue(account: string): string;
  /** The device id of a cookie this server issued for `account` within its lifetime, else undefined. */
  verify(value: string | undefined, account: string): string | undefined;
}

/** The editor's staff-tools cookies (features/editor/staff-cookies.ts, docs/product.md#d38-content-editor). */
export interface StaffCookies {
  issue(subject: AccessTokenSubject): string;
  /** The session a cookie this server issued names, within its lifetime; else undefined. */
  verify(value: string | undefined): AccessTokenSubject | undefined;
}

export interface StoredImage {
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

/** The catalogue's photos with their WebP copies (features/images/image-store.ts). */
export interface ImageStore {
  /** Re-encodes and stores an upload with its variants. */
  save(data: Uint8Array): Promise<StoredImage>;
  /** Removes an original and its variants. */
  remove(fileName: string): Promise<void>;
  /** An original or a variant; a variant missing in the store (older uploads) is made on first request. */
  read(fileName: string): Promise<{ data: Buffer; contentType: string } | undefined>;
}

export interface InvoiceFile {
  fileName: string;
  data: Uint8Array<ArrayBuffer>;
}

/** The invoices' PDFs (features/invoices/invoices.service.ts, docs/product.md#d37-invoices). */
export interface InvoiceFiles {
  /** The invoice's PDF: made and stored the first time, read from the store afterwards. */
  pdf(invoice: typeof invoices.$inferSelect): Promise<InvoiceFile>;
  /** The invoice's PDF as a mail carries it. */
  attachment(number: string): Promise<Attachment>;
}

/** The providers' keys, or the sandbox's (features/payments/payment-config.ts). */
export interface PaymentConfig {
  stripe: { secretKey: string; webhookSecret: string; sandbox: boolean };
  /** `apiBase` is unset in the sandbox: the emulator is reached inside the process. */
  paypal: {
    clientId: string;
    clientSecret: string;
    /** The webhook's id at PayPal, which every event is verified with. */
    webhookId: string;
    apiBase: string | undefined;
    sandbox: boolean;
    /** What the sandbox signs its webhook transmissions with (unused with live keys). */
    sandboxSigningSecret: string;
  };
  /** The sandbox also serves its test controls (webhook timing, failures). */
  testControls: boolean;
}

/** What the site's server adds to the API for the editor (src/cli/start.ts). */
export interface EditorRuntime {
  /** The record of publishes, a new publish, serving an earlier one again (features/editor/releases.ts). */
  releases: {
    /** The id of the release served now; null: the project's build. */
    servedId(): string | null;
    /** A content file as the build served now was made from it; undefined: that build has no such file. */
    servedFile(file: string): Promise<Buffer | undefined>;
    view(): Promise<ReleasesView>;
    publish(publishedBy: string): Promise<ReleaseRecord>;
    restore(id: string): Promise<void>;
  };
  /** Keystatic's API over the content tree in the database (features/editor/keystatic-api.ts). */
  keystatic: (request: Request, user: Pick<AuthenticatedUser, 'email' | 'sessionId'>) => Promise<Response>;
}

/** What the process tells the readiness check about itself (features/health/readiness.ts). */
export interface ServerState {
  /** Set when the process begins to stop: from then on a load balancer sends nothing new. */
  stopping: boolean;
  /** Throws while the uploads' storage cannot be used. */
  checkStorage(): Promise<void>;
}

/** What a download link opens: one file of an order, or all its files as one ZIP. */
export interface LinkTarget {
  bookingId: number;
  fileId: number | 'archive';
}

export interface DownloadLinks {
  /** A token for `userId` to open `target` for the next few minutes. */
  sign(target: LinkTarget, userId: number): { token: string; expiresAt: Date };
  /** The user a valid, unexpired token for `target` was made for; undefined for any other. */
  verify(token: string, target: LinkTarget): number | undefined;
}

/** Where customers' files go (features/materials/material-store.ts, docs/product.md#d36-next-steps). */
export interface MaterialStore {
  blobs: BlobStore;
  /** Parts being received and files being checked, on this machine; emptied as each upload ends. */
  workDir: string;
  links: DownloadLinks;
}

export interface ApiDependencies {
  db: Database;
  /** The catalogue's revision, which its kept answers are checked against (docs/product.md#h10-delivery-and-caching). */
  catalogueRevision: CatalogueRevision;
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
  /** Whether the process is stopping, and how to check the uploads' storage: for readiness (docs/product.md#operations). */
  server: ServerState;
  /** What `/metrics` reports, and its token (docs/product.md#operations). */
  metrics: Metrics;
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

/**
 * Hono environment: the caller's address and the request's id come from the HTTP server, which
 * is told the route pattern that answered, for its metrics.
 */
export interface ApiEnv {
  Bindings: { clientAddress?: string; requestId?: string; routed?: (pattern: string) => void };
  Variables: { user: AuthenticatedUser };
}
