/**
 * A wrong field in content/ must stop the build with the file and the field named, so an editor
 * can fix it. Proven on a copy of the project with one broken file, with the real `astro sync`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { landingSchema } from '../../src/content-schemas/landing.ts';
import { modelSchema } from '../../src/content-schemas/models.ts';
import { pricingSchema } from '../../src/content-schemas/pricing.ts';
import { siteSchema } from '../../src/content-schemas/site.ts';
import { fillCompanyFields } from '../../src/lib/company-fields.ts';

let copy: string;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'hwds-content-'));
  for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'content', 'public']) {
    cpSync(entry, path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.resolve('node_modules'), path.join(copy, 'node_modules'));
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

function syncWith(file: string, edit: (text: string) => string) {
  const target = path.join(copy, file);
  const original = readFileSync(target, 'utf8');
  writeFileSync(target, edit(original));
  try {
    const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    writeFileSync(target, original);
  }
}

describe('content errors stop the build with file and field named', () => {
  it('a price written as text', () => {
    const { status, output } = syncWith('content/models.yaml', (text) =>
      text.replace('price: 1200', 'price: "1.200 Euro"'),
    );
    expect(status).not.toBe(0);
    expect(output).toContain('content/models.yaml');
    expect(output).toContain('cms-informationsseite');
    expect(output).toMatch(/price.*Preis als Zahl angeben/);
  }, 60_000);

  it('an industry family with a drawing that does not exist', () => {
    const { status, output } = syncWith('content/industries.yaml', (text) =>
      text.replace('motif: gastro', 'motif: kaffee'),
    );
    expect(status).not.toBe(0);
    expect(output).toContain('content/industries.yaml');
    expect(output).toContain('gruppe-1');
    expect(output).toMatch(/motif.*Zeichnung wählen/);
  }, 60_000);

  it('a landing page without its gate message field', () => {
    const { status, output } = syncWith('content/landing/backerei.md', (text) => text.replace(/^gate: .*\n/m, ''));
    expect(status).not.toBe(0);
    expect(output).toContain('content/landing/backerei.md');
    expect(output).toContain('gate');
  }, 60_000);

  it('the unchanged content passes', () => {
    expect(syncWith('content/site.yaml', (text) => text).status).toBe(0);
  }, 60_000);
});

describe('the legal texts name the seller from content/site.yaml', () => {
  const { company } = siteSchema.parse(parseYaml(readFileSync('content/site.yaml', 'utf8')));

  it('fills {{Anbieter}}, {{Firma}} and {{Ort}}', () => {
    expect(fillCompanyFields('uns ({{Anbieter}}) – {{ Firma }} in {{Ort}}', company)).toBe(
      'uns (HWDS Web- und Design-Service Daniel Hoffmann, Rheinstraße 48, 65185 Wiesbaden, Deutschland, Telefon: +49 611 98765430, E-Mail: kontakt@hwds-agentur.de) – HWDS Web- und Design-Service Daniel Hoffmann in Wiesbaden',
    );
  });

  it('stops at an unknown field, naming the ones there are', () => {
    expect(() => fillCompanyFields('Sitz: {{Stadt}}', company)).toThrow(
      'Unbekanntes Feld {{Stadt}}: möglich sind {{Firma}}, {{Ort}}, {{Anbieter}}',
    );
  });
});

describe('schema rules an editor meets', () => {
  it('names the field of a negative price', () => {
    const result = modelSchema.shape.price.safeParse(-5);
    expect(result.error?.issues[0]?.message).toBe('Preis darf nicht negativ sein');
  });

  it('accepts only gate messages that are true on a public page (docs/product.md#d24-german-ui), or none', () => {
    for (const gate of [
      'Bitte melden Sie sich an oder registrieren Sie sich, um zu bestellen.',
      'Bitte registrieren Sie sich, um zu bestellen.',
      'Bitte melden Sie sich an, um zu bestellen.',
    ]) {
      expect(landingSchema.shape.gate.parse(gate), gate).toBe(gate);
    }
    // The editor offers words only: 'kein Hinweis' is no gate for the page.
    expect(landingSchema.shape.gate.parse('kein Hinweis')).toBeNull();
    for (const gate of [
      null,
      'Bitte einloggen',
      'Bitte registrieren Sie sich', // no full stop, and it turns away customers who have an account
      'Bitte registrieren Sie sich, um diese Seite zu sehen.',
      'Bitte melden Sie sich an, um diese Seite zu sehen.',
    ]) {
      expect(landingSchema.shape.gate.safeParse(gate).success, String(gate)).toBe(false);
    }
  });

  it('wants http(s) addresses for example sites and social links; the example site address is optional', () => {
    expect(landingSchema.shape.exampleSiteUrl.safeParse('ftp://beispiel.de').success).toBe(false);
    expect(landingSchema.shape.exampleSiteUrl.safeParse('https://www.baeckerei-beispiel.de/').success).toBe(true);
    expect(landingSchema.shape.exampleSiteUrl.safeParse(undefined).success).toBe(true);
    expect(
      siteSchema.shape.social.safeParse([{ name: 'X', url: 'https://x.com/hwds' }]).error?.issues[0]?.message,
    ).toBe('Genau vier soziale Netzwerke angeben');
  });

  it('refuses a print price below its minimum order, naming the field', () => {
    const items = pricingSchema.shape.print.shape.items;
    const item = { id: 'papier', name: 'Großformatdruck auf Papier', unit: 'sqm', minimumOrder: 50 };
    const refused = items.safeParse([{ ...item, from: 30 }]);
    expect(refused.error?.issues[0]?.path).toEqual([0, 'from']);
    expect(refused.error?.issues[0]?.message).toBe(
      'Der Preis „from“ darf nicht unter dem Mindestbestellwert „minimumOrder“ liegen',
    );
    expect(items.safeParse([{ ...item, from: 50 }]).success).toBe(true);
    expect(items.safeParse([{ id: 'logo', name: 'Logodesign', unit: 'hour', from: 30 }]).success).toBe(true);
    expect(items.safeParse([{ id: 'logo', name: 'Logodesign', unit: 'month', from: 30 }]).success).toBe(false);
  });
});
