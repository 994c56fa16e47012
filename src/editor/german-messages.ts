/**
 * Keystatic's form checks speak English ('Titel must be no longer than 70 characters'), as do some
 * words of its pages ('Unsaved', '1 selected'), and have no setting for another language; the
 * editor shows them in German (docs/product.md#d38-content-editor). Each, as Keystatic 0.6 words
 * it, with its German; anything else stays as it is.
 */
const MESSAGES: [RegExp, (...parts: string[]) => string][] = [
  [/^(.+) must be no longer than (\d+) characters$/, (field, max) => `${field}: höchstens ${max} Zeichen.`],
  [/^(.+) must be at least (\d+) characters long$/, (field, min) => `${field}: mindestens ${min} Zeichen.`],
  [/^(.+) must not be empty$/, (field) => `${field} darf nicht leer sein.`],
  [/^(.+) is required$/, (field) => `${field} ist erforderlich.`],
  [/^(.+) must be at least (-?[\d.]+)$/, (field, min) => `${field} muss mindestens ${min} sein.`],
  [/^(.+) must be at most (-?[\d.]+)$/, (field, max) => `${field} darf höchstens ${max} sein.`],
  [/^(.+) must be a whole number$/, (field) => `${field} muss eine ganze Zahl sein.`],
  [/^(.+) must be a number$/, (field) => `${field} muss eine Zahl sein.`],
  [/^(.+) must be unique$/, (field) => `${field} gibt es schon; bitte wählen Sie einen anderen.`],
  [/^(.+) must not start or end with spaces$/, (field) => `${field} darf nicht mit Leerzeichen beginnen oder enden.`],
  [/^(.+) must not contain slashes$/, (field) => `${field} darf keine Schrägstriche enthalten.`],
  [/^(.+) must have at least one entry$/, (field) => `${field} braucht mindestens einen Eintrag.`],
  // 'elements' in a list, 'items.' in a choice of pages.
  [
    /^Must have at least (\d+) (?:elements?|items?\.)$/,
    (min) => `Mindestens ${min} ${min === '1' ? 'Eintrag' : 'Einträge'}.`,
  ],
  [
    /^Must have at most (\d+) (?:elements?|items?\.)$/,
    (max) => `Höchstens ${max} ${max === '1' ? 'Eintrag' : 'Einträge'}.`,
  ],
  // The list of a group's pages (a choice from another collection).
  [/^Remove$/, () => 'Entfernen'],
  [/^(\d+) selected$/, (count) => `${count} ausgewählt`],
  [/^No items selected…$/, () => 'Noch keine Seite gewählt.'],
  [/^No more items…$/, () => 'Alle Seiten sind gewählt.'],
  // Words of its pages and menus an editor reads.
  [/^Unsaved$/, () => 'Nicht gespeichert'],
  [/^Dashboard$/, () => 'Übersicht'],
  [/^Add item$/, () => 'Eintrag hinzufügen'],
  [/^Item (\d+)$/, (number) => `Eintrag ${number}`],
  [/^Reset(?: changes)?$/, () => 'Änderungen verwerfen'],
  [/^Copy entry$/, () => 'Eintrag kopieren'],
  [/^Paste entry$/, () => 'Eintrag einfügen'],
];

/** `text` in German when it is one of Keystatic's messages, else undefined. */
export function germanMessage(text: string): string | undefined {
  for (const [pattern, german] of MESSAGES) {
    const match = pattern.exec(text.trim());
    if (match) return german(...match.slice(1));
  }
  return undefined;
}

/**
 * Rewrites Keystatic's messages under `root` as they appear, for as long as the page lives; never
 * inside the text being edited (a page's body), where a change would be an edit.
 */
export function speakGerman(root: Node): void {
  const translate = (node: Node) => {
    if (node.parentElement?.closest('[contenteditable="true"]')) return;
    const german = node.nodeValue ? germanMessage(node.nodeValue) : undefined;
    if (german) node.nodeValue = german;
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) translate(node);
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'characterData') translate(change.target);
      for (const added of change.addedNodes) walk(added);
    }
  }).observe(root, { subtree: true, childList: true, characterData: true });
}
