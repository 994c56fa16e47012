import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, requireLivePayments, SettingsError } from '../../src/server/settings.ts';

describe('settings', () => {
  it('runs locally with no environment at all', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({
      host: 'localhost',
      port: 4321,
      siteUrl: 'http://localhost:4321',
      publicApiBase: '/api',
      dataDir: path.resolve('data'),
      mailOutboxDir: path.resolve('data/outbox'),
      uploadDir: path.resolve('data/uploads'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      s3: undefined,
    });
  });

  it('serves the interactive API reference by default only under the dev server', () => {
    expect(loadSettings({}).apiDocs).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadSettings({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadSettings({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadSettings({ API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadSettings({ API_DOCS: 'ja' })).toThrow('Setting API_DOCS must be true or false (got "ja").');
  });

  it('derives the default site URL and data folders from PORT and DATA_DIR', () => {
    const settings = loadSettings({ PORT: '8080', DATA_DIR: '/srv/hwds' });
    expect(settings.siteUrl).toBe('http://localhost:8080');
    expect(settings.mailOutboxDir).toBe('/srv/hwds/outbox');
    expect(settings.uploadDir).toBe('/srv/hwds/uploads');
  });

  it('stops at once, serves no metrics and reconciles after 10 minutes by default; each as set otherwise', () => {
    expect(loadSettings({})).toMatchObject({ shutdownDelayMs: 0, metricsToken: undefined, reconcileAfterMs: 600_000 });
    expect(
      loadSettings({
        SHUTDOWN_DELAY_SECONDS: '5',
        METRICS_TOKEN: 'prometheus-liest-mit',
        RECONCILE_AFTER_SECONDS: '120',
      }),
    ).toMatchObject({ shutdownDelayMs: 5000, metricsToken: 'prometheus-liest-mit', reconcileAfterMs: 120_000 });
  });

  it('reads which proxies to trust as a hop count or a list of addresses; none by default', () => {
    expect(loadSettings({}).trustProxy).toBe(0);
    expect(loadSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadSettings({ TRUST_PROXY: '10.0.0.0/8, loopback,192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '192.0.2.7',
    ]);
  });

  it('normalises URLs and treats blank values as unset', () => {
    const settings = loadSettings({
      SITE_URL: 'https://www.hwds-agentur.de/',
      PUBLIC_API_BASE: '/api/',
      SMTP_URL: '  ',
    });
    expect(settings.siteUrl).toBe('https://www.hwds-agentur.de');
    expect(settings.publicApiBase).toBe('/api');
    expect(settings.smtpUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', /^Setting PORT must be a whole number from 1 to 65535 \(got "abc"\)\.$/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['SITE_URL', 'localhost:4321', /^Setting SITE_URL must be an absolute http\(s\) URL/],
    ['SITE_URL', 'ftp://example.de', /SITE_URL must be an absolute http\(s\) URL/],
    ['PUBLIC_API_BASE', 'api', /PUBLIC_API_BASE must be a path such as \/api/],
    [
      'DATABASE_URL',
      'mysql://root:geheim@db',
      /^Setting DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL\.$/,
    ],
    ['JWT_SECRET', 'short', /^Setting JWT_SECRET must be at least 32 characters long\.$/],
    ['SMTP_URL', 'mail.example.de:25', /SMTP_URL must be an smtp:\/\//],
    ['MAIL_FROM', 'not an address', /MAIL_FROM must be an e-mail address/],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY must be a number of proxy hops or a comma-separated list/],
    ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY must be a number of proxy hops/],
    ['LOG_LEVEL', 'verbose', /LOG_LEVEL must be one of fatal, error, warn, info, debug, silent/],
    ['SHUTDOWN_DELAY_SECONDS', '2.5', /^Setting SHUTDOWN_DELAY_SECONDS must be a whole number of seconds from 0 to 60/],
    ['SHUTDOWN_DELAY_SECONDS', '61', /SHUTDOWN_DELAY_SECONDS must be a whole number of seconds from 0 to 60/],
    ['METRICS_TOKEN', 'kurz', /^Setting METRICS_TOKEN must be at least 16 characters long\.$/],
    ['RECONCILE_AFTER_SECONDS', '5', /RECONCILE_AFTER_SECONDS must be a whole number of seconds from 10 to 86400/],
    ['RECONCILE_AFTER_SECONDS', '1h', /RECONCILE_AFTER_SECONDS must be a whole number of seconds from 10 to 86400/],
  ])('rejects %s=%s with one line naming the setting', (name, value, message) => {
    expect(() => loadSettings({ [name]: value })).toThrow(SettingsError);
    expect(() => loadSettings({ [name]: value })).toThrow(message);
  });

  const paypalKeys = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: '1JE4291016473214C' };
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it.each([
    [
      { STRIPE_SECRET_KEY: 'sk_live_x' },
      'Setting STRIPE_WEBHOOK_SECRET is missing: set it together with STRIPE_SECRET_KEY',
    ],
    [
      { STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      'Setting STRIPE_SECRET_KEY is missing: set it together with STRIPE_WEBHOOK_SECRET',
    ],
    [
      { PAYPAL_CLIENT_ID: 'id' },
      'Setting PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID is missing: set it together with PAYPAL_CLIENT_ID',
    ],
    [
      { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' },
      'Setting PAYPAL_WEBHOOK_ID is missing: set it together with PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET',
    ],
  ])('stops at part of a set of payment keys (%j)', (env, message) => {
    expect(() => loadSettings(env)).toThrow(SettingsError);
    expect(() => loadSettings(env)).toThrow(message);
  });

  it('takes all keys of a provider, or runs its sandbox without them', () => {
    expect(loadSettings(stripeKeys)).toMatchObject({
      stripeSecretKey: 'sk_live_x',
      stripeWebhookSecret: 'whsec_x',
      paypalClientId: undefined,
      sandboxTestControls: false,
    });
    expect(loadSettings(paypalKeys)).toMatchObject({ paypalWebhookId: '1JE4291016473214C' });
    expect(loadSettings({ SANDBOX_TEST_CONTROLS: 'true' }).sandboxTestControls).toBe(true);
    expect(() => loadSettings({ SANDBOX_TEST_CONTROLS: 'ja' })).toThrow(/SANDBOX_TEST_CONTROLS must be true or false/);
  });

  describe('fail-closed on a public site', () => {
    const site = { SITE_URL: 'https://www.hwds-agentur.de' };
    const serverStart = (env: Record<string, string>) => requireLivePayments(loadSettings(env));

    it('refuses to start without live keys, naming every missing variable', () => {
      expect(() => serverStart(site)).toThrow(
        'SITE_URL https://www.hwds-agentur.de is a public site, but payments would run in the sandbox: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, or PAYMENT_SANDBOX=true if the sandbox (no real money) is meant.',
      );
      expect(() => serverStart({ ...site, ...stripeKeys })).toThrow(
        /: set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, or PAYMENT_SANDBOX=true/,
      );
    });

    it('starts with every live key, or with PAYMENT_SANDBOX=true, never with test controls', () => {
      expect(() => serverStart({ ...site, ...stripeKeys, ...paypalKeys })).not.toThrow();
      expect(() => serverStart({ ...site, PAYMENT_SANDBOX: 'true' })).not.toThrow();
      expect(() => serverStart({ ...site, PAYMENT_SANDBOX: 'true', SANDBOX_TEST_CONTROLS: 'true' })).toThrow(
        'Setting SANDBOX_TEST_CONTROLS is for tests only and refused on the public site https://www.hwds-agentur.de.',
      );
    });

    it.each([
      'http://localhost:4321',
      'https://localhost:4321',
      'https://127.0.0.1',
      'http://127.1.2.3:8080',
      'https://[::1]:8443',
      'https://shop.localhost',
    ])('leaves %s, this machine, as it is: the sandbox starts without keys', (url) => {
      expect(() => serverStart({ SITE_URL: url })).not.toThrow();
    });

    it.each([
      'http://www.hwds-agentur.de',
      'http://shop.example.com',
      'http://203.0.113.5',
      'http://[2001:db8::5]',
      'http://0.0.0.0:4321',
      'http://localhost.example.com',
    ])('takes %s, reachable by others over http too, for a public site', (url) => {
      expect(() => serverStart({ SITE_URL: url })).toThrow(/is a public site, but payments would run in the sandbox/);
      expect(() => serverStart({ SITE_URL: url, PAYMENT_SANDBOX: 'true' })).not.toThrow();
      expect(() => serverStart({ SITE_URL: url, PAYMENT_SANDBOX: 'true', SANDBOX_TEST_CONTROLS: 'true' })).toThrow(
        /SANDBOX_TEST_CONTROLS is for tests only/,
      );
    });

    it('leaves a fresh clone and a build as they are: no SITE_URL, no keys, the sandbox', () => {
      expect(() => serverStart({})).not.toThrow();
      // A build reads the settings too, and needs no secrets even for a public site.
      expect(loadSettings(site).siteUrl).toBe('https://www.hwds-agentur.de');
    });
  });

  const bucket = {
    S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com/',
    S3_BUCKET: 'hwds-uploads',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'geheim',
  };

  it('keeps uploads in S3 with the whole set of bucket settings', () => {
    expect(loadSettings(bucket).s3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'hwds-uploads',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'geheim',
      forcePathStyle: false,
    });
    expect(loadSettings({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it.each([
    ['S3_BUCKET', { ...bucket, S3_BUCKET: '' }],
    ['S3_SECRET_ACCESS_KEY', { ...bucket, S3_SECRET_ACCESS_KEY: undefined }],
    ['S3_ENDPOINT', { S3_FORCE_PATH_STYLE: 'true' }],
  ])('stops at half a set of bucket settings (%s missing)', (missing, env) => {
    expect(() => loadSettings(env)).toThrow(
      `Setting ${missing} is missing: set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together, or none of them to keep uploads in UPLOAD_DIR.`,
    );
  });

  it.each([
    ['S3_ENDPOINT', 'minio:9000', /^Setting S3_ENDPOINT must be an absolute http\(s\) URL/],
    ['S3_BUCKET', 'Meine_Bilder', /^Setting S3_BUCKET must be an S3 bucket name/],
    ['S3_REGION', 'EU Central', /^Setting S3_REGION must be a region name/],
    ['S3_FORCE_PATH_STYLE', 'ja', /^Setting S3_FORCE_PATH_STYLE must be true or false/],
  ])('rejects %s=%s with one line naming the setting', (name, value, message) => {
    expect(() => loadSettings({ ...bucket, [name]: value })).toThrow(message);
  });
});
