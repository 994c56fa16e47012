/**
 * A wrong field in content/ must stop the build with the file and the field named, so an editor
 * can fix it. Proven on a copy of the project with one broken file, with the real `astro sync`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingSchema } from '../../src/content-schemas/landing.ts';
import { modelSchema } from '../../src/content-schemas/models.ts';
import { siteSchema } from '../../src/content-schemas/site.ts';

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
    expect(output).toContain('gastronomie');
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

describe('schema rules an editor meets', () => {
  it('names the field of a negative price', () => {
    const result = modelSchema.shape.price.safeParse(-5);
    expect(result.error?.issues[0]?.message).toBe('Preis darf nicht negativ sein');
  });

  it('accepts only the five gate messages of the spec, or none', () => {
    expect(landingSchema.shape.gate.safeParse('Bitte registrieren Sie sich').success).toBe(true);
    expect(landingSchema.shape.gate.safeParse(null).success).toBe(true);
    expect(landingSchema.shape.gate.safeParse('Bitte einloggen').success).toBe(false);
  });

  it('wants http(s) addresses for example sites and social links', () => {
    expect(landingSchema.shape.exampleSiteUrl.safeParse('ftp://beispiel.de').success).toBe(false);
    expect(landingSchema.shape.exampleSiteUrl.safeParse('https://beispiele.hwds-agentur.de/shop').success).toBe(true);
    expect(
      siteSchema.shape.social.safeParse([{ name: 'X', url: 'https://x.com/hwds' }]).error?.issues[0]?.message,
    ).toBe('Genau vier soziale Netzwerke angeben');
  });
});
