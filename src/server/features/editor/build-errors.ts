/**
 * The German message an editor sees when a publish's build fails (docs/product.md#d38-content-editor):
 * which file, which entry and which field, with the schema's own (German) message, read from what
 * `astro build` printed. Anything else that stops a build is named by its first line.
 */
import path from 'node:path';

const KEPT = 'Die Website zeigt weiter die zuletzt veröffentlichte Fassung.';
/** The line of Astro's message: its error's name in brackets, then the message. */
const HEADER = /\[\w+Error\].*$/;

export function buildFailure(output: string, contentDir: string): string {
  const lines = output.split('\n').map((line) => line.trimEnd());
  // A page's error follows the name of the page being rendered on its line: '├─ /404.html[AstroUserError] …'.
  const headerAt = lines.findIndex((line) => HEADER.test(line));
  if (headerAt < 0)
    return `Nicht veröffentlicht: Die Website konnte nicht erstellt werden. ${KEPT} Bitte wenden Sie sich an den technischen Support.`;
  const header = HEADER.exec(lines[headerAt] ?? '')?.[0] ?? '';
  const rest = lines.slice(headerAt + 1);
  const locationAt = rest.findIndex((line) => line.trim() === 'Location:');
  const location = locationAt >= 0 ? rest[locationAt + 1]?.trim().replace(/:\d+:\d+$/, '') : undefined;
  // Only a content file is the editor's to put right: Astro also names its own code as the place.
  const relative = location && path.isAbsolute(location) ? path.relative(contentDir, location) : location;
  const file = relative && !relative.startsWith('..') ? relative.split(path.sep).join('/') : undefined;
  const entry = /→ (\S+) data does not match/.exec(header)?.[1];
  const hintAt = rest.findIndex((line) => line.trim() === 'Hint:');
  const fields = rest
    .slice(0, hintAt < 0 ? undefined : hintAt)
    .map((line) => /^ {2}(\S[^:]*): (.+)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, field, message]) => `Feld „${field}“: ${message}`);
  if (fields.length === 0) {
    const reason = header.replace(/^\[\w+Error\]\s*/, '');
    // The site's own content rules (src/components/content/site-data.ts) say what to do themselves.
    if (header.startsWith('[AstroUserError]')) return `Nicht veröffentlicht: ${reason} ${KEPT}`;
    return `Nicht veröffentlicht: Die Website konnte nicht erstellt werden${file ? ` (Datei ${file})` : ''}: ${reason} ${KEPT}`;
  }
  const where = [file ? `Datei ${file}` : undefined, entry ? `Eintrag „${entry}“` : undefined]
    .filter(Boolean)
    .join(', ');
  return `Nicht veröffentlicht: ${where ? `${where}: ` : ''}${fields.join('; ')}. ${KEPT}`;
}
