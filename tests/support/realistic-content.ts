/**
 * The content editors' history as an agency's editors leave it (docs/product.md#d38-content-editor),
 * made through the editor's own API as Keystatic's app saves: a landing page saved over and over
 * (a title of 80 characters with umlauts, a 600-character paragraph with long German words, a
 * line rewritten, a paragraph removed), then the seed's text again; and a landing page removed
 * and brought back. Each file ends with the seed's bytes, so the site a publish would build stays
 * the one every other test expects.
 */
import type { Send } from './realistic-shop.ts';

/** The page with the long history: its newest save brings the seed back. */
export const EDITED_PAGE = 'landing/backerei.md';
/** The page removed and added again. */
export const REMOVED_PAGE = 'landing/pizzeria.md';
/** Saves of EDITED_PAGE after the seed, the last of them the seed's text again: more than 'Inhalte' lists at first. */
export const EDITED_PAGE_SAVES = 30;

export const LONG_TITLE = 'Website für Ihre Bäckerei, Konditorei und Confiserie mit Vorbestellung für Filialen';
export const LONG_PARAGRAPH =
  'Unsere Bäckermeisterinnen und Bäckermeister führen den Sauerteig seit über siebzig Jahren ' +
  'ununterbrochen weiter; die Lebensmittelinformationsverordnung verlangt Allergenkennzeichnung, ' +
  'deshalb stehen Zutaten, Zusatzstoffe und Spurenhinweise bei jedem Erzeugnis. Die ' +
  'Vorbestellungsmöglichkeit für Geburtstagstorten, Hochzeitstorten und Konfirmationsgebäck ' +
  'gilt bis achtundvierzig Stunden vor Abholung, telefonisch oder über das Formular. ' +
  'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung ist kein Gebäck, aber ein ' +
  'Wort, das in keine Zeile passt. Öffnungszeiten der Filialen Königstraße, Schloßplatz und ' +
  'Mühlenweg: montags bis samstags ab 6 Uhr, sonntags 7.30–11 Uhr.';

const KEYSTATIC = { 'no-cors': '1' };

interface TreeEntry {
  path: string;
  sha: string;
}

/**
 * An editor's client for the server `send` reaches: the staff-tools cookie of the admin's login,
 * reading the tree before each save as Keystatic's app does (a save is checked against it).
 */
async function editorClient(send: Send, origin: string, adminToken: string) {
  const session = await send('/editor/session', { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` } });
  const cookie = session.headers.get('Set-Cookie')?.split(';')[0];
  if (session.status !== 204 || !cookie) throw new Error(`no staff-tools cookie: ${session.status}`);
  const headers = { ...KEYSTATIC, Cookie: cookie };
  const tree = async () => (await (await send('/keystatic/tree', { headers })).json()) as TreeEntry[];
  const read = async (file: string) => {
    const sha = (await tree()).find((entry) => entry.path === file)?.sha;
    if (!sha) throw new Error(`${file} is not in the content tree`);
    return (await send(`/keystatic/blob/${sha}/${file}`, { headers })).text();
  };
  const update = async (additions: Record<string, string>, deletions: string[] = []) => {
    await tree();
    const saved = await send('/keystatic/update', {
      method: 'POST',
      headers: { ...headers, Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        additions: Object.entries(additions).map(([file, text]) => ({
          path: file,
          contents: Buffer.from(text).toString('base64url'),
        })),
        deletions: deletions.map((file) => ({ path: file })),
      }),
    });
    if (saved.status !== 200) throw new Error(`save of ${Object.keys(additions)} failed: ${await saved.text()}`);
  };
  return { read, update };
}

/** The texts of EDITED_PAGE's saves, oldest first, as an editor reworks the page over weeks. */
function reworkings(seed: string): string[] {
  const [frontMatter = '', body = ''] = seed.split(/\n---\n/);
  const withTitle = (title: string) => frontMatter.replace(/^title: .*$/m, `title: ${title}`);
  const page = (title: string, text: string) => `${withTitle(title)}\n---\n${text}`;
  const withParagraph = `${body.trimEnd()}\n\n${LONG_PARAGRAPH}\n`;
  const texts = [
    page(LONG_TITLE, body),
    page(LONG_TITLE, withParagraph),
    page(LONG_TITLE, withParagraph.replace('Sauerteig seit über siebzig', 'Sauerteig seit über 70')),
    page('Website für Ihre Bäckerei – Brötchen vorbestellen, Torten bestellen', withParagraph),
    page('Website für Ihre Bäckerei – Brötchen vorbestellen, Torten bestellen', body),
  ];
  // Small corrections between the larger ones, as they come: a word here, a line there.
  const corrections = Array.from({ length: EDITED_PAGE_SAVES - texts.length - 1 }, (_, index) =>
    page(`Website für Ihre Bäckerei (Entwurf ${index + 1} – Überarbeitung Öffnungszeiten)`, withParagraph),
  );
  return [...texts, ...corrections, seed];
}

/** Makes the realistic editing history in the server `send` reaches; `origin` is the site's (saves must come from it). */
export async function createContentHistory(send: Send, origin: string, adminToken: string): Promise<void> {
  const editor = await editorClient(send, origin, adminToken);
  const removed = await editor.read(REMOVED_PAGE);
  await editor.update({}, [REMOVED_PAGE]);
  await editor.update({ [REMOVED_PAGE]: removed });
  // The long history last: the page saved most recently is the one 'Inhalte' opens with.
  const seed = await editor.read(EDITED_PAGE);
  for (const text of reworkings(seed)) await editor.update({ [EDITED_PAGE]: text });
}
