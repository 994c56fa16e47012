/**
 * What an editor reads when a publish's build fails (docs/product.md#d38-content-editor), from what
 * `astro build` printed (these outputs are copied from real builds of broken content).
 */
import { describe, expect, it } from 'vitest';
import { buildFailure } from '../../src/server/features/editor/build-errors.ts';

const CONTENT = '/srv/hwds/data/releases/2026-11-29T03-00-00-000Z/content';
const KEPT = 'Die Website zeigt weiter die zuletzt veröffentlichte Fassung.';

describe('the message of a failed publish', () => {
  it('names file, entry and field of content its schema refuses', () => {
    const output = `03:08:36 [@astrojs/node] Enabling sessions with filesystem storage
03:08:37 [content] Syncing content
[InvalidContentEntryDataError] models → cms-informationsseite data does not match collection schema.

  price: Preis als Zahl angeben, z. B. 1200 oder 49.90 (ohne Anführungszeichen, ohne €)

  Hint:
    See https://docs.astro.build/en/guides/content-collections/ for more information on content schemas.
  Error reference:
    https://docs.astro.build/en/reference/errors/invalid-content-entry-data-error/
  Location:
    ${CONTENT}/models.yaml:0:0
  Stack trace:
    at getEntryData (/srv/hwds/node_modules/astro/dist/content/utils.js:126:9)
`;
    expect(buildFailure(output, CONTENT)).toBe(
      `Nicht veröffentlicht: Datei models.yaml, Eintrag „cms-informationsseite“: Feld „price“: Preis als Zahl angeben, z. B. 1200 oder 49.90 (ohne Anführungszeichen, ohne €). ${KEPT}`,
    );
  });

  it('says what a page found wrong across files, although Astro prints it after the page’s name', () => {
    const output = `03:08:20 [vite] ✓ built in 257ms

 prerendering static routes 
03:08:21   ├─ /404.html[AstroUserError] Die Branchenseite „Website für Ihre Konditorei“ (Adresse /konditorei) gehört zu keiner Branchengruppe. Bitte fügen Sie sie unter „Inhalte bearbeiten“ › „Branchengruppen“ einer Gruppe hinzu und veröffentlichen Sie dann erneut.
  Stack trace:
    at getIndustryFamilies (file:///srv/hwds/data/releases/x/site/server/.prerender/chunks/site-data.mjs:4388:20)
`;
    expect(buildFailure(output, CONTENT)).toBe(
      `Nicht veröffentlicht: Die Branchenseite „Website für Ihre Konditorei“ (Adresse /konditorei) gehört zu keiner Branchengruppe. Bitte fügen Sie sie unter „Inhalte bearbeiten“ › „Branchengruppen“ einer Gruppe hinzu und veröffentlichen Sie dann erneut. ${KEPT}`,
    );
  });

  it('names no file when Astro names its own code as the place', () => {
    const output = `[AstroUserError] Die Branchenseiten /hotel und /backerei haben denselben Titel „Website für Ihr Hotel“. Bitte ändern Sie das unter „Inhalte bearbeiten“ › „Branchenseiten“ bei einer der beiden.
  Location:
    /srv/hwds/node_modules/astro/dist/core/render/route-cache.js:32:17
  Stack trace:
    at getLandingPages (file:///srv/hwds/data/releases/x/site/server/.prerender/chunks/site-data.mjs:4375:10)
`;
    expect(buildFailure(output, CONTENT)).toBe(
      `Nicht veröffentlicht: Die Branchenseiten /hotel und /backerei haben denselben Titel „Website für Ihr Hotel“. Bitte ändern Sie das unter „Inhalte bearbeiten“ › „Branchenseiten“ bei einer der beiden. ${KEPT}`,
    );
  });

  it('sends the editor to support when the build stopped for no reason it names', () => {
    expect(buildFailure('Killed\n', CONTENT)).toBe(
      `Nicht veröffentlicht: Die Website konnte nicht erstellt werden. ${KEPT} Bitte wenden Sie sich an den technischen Support.`,
    );
  });
});
