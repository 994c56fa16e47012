/** Keystatic's form messages in German (docs/product.md#d38-content-editor), word for word as it writes them. */
import { describe, expect, it } from 'vitest';
import { germanMessage } from '../../src/editor/german-messages.ts';

describe('the editor’s messages', () => {
  it.each([
    ['Titel must be no longer than 70 characters', 'Titel: höchstens 70 Zeichen.'],
    [
      'Beschreibung für Suchmaschinen must be at least 70 characters long',
      'Beschreibung für Suchmaschinen: mindestens 70 Zeichen.',
    ],
    ['Branche must not be empty', 'Branche darf nicht leer sein.'],
    ['Preis is required', 'Preis ist erforderlich.'],
    ['Anzahl must be at least 1', 'Anzahl muss mindestens 1 sein.'],
    ['Modell must be at most 5', 'Modell darf höchstens 5 sein.'],
    ['Position auf der Startseite must be a whole number', 'Position auf der Startseite muss eine ganze Zahl sein.'],
    [
      'Adresse der Seite (Dateiname) must be unique',
      'Adresse der Seite (Dateiname) gibt es schon; bitte wählen Sie einen anderen.',
    ],
    ['Must have at least 1 element', 'Mindestens 1 Eintrag.'],
    ['Must have at most 6 elements', 'Höchstens 6 Einträge.'],
    ['Must have at least 1 item.', 'Mindestens 1 Eintrag.'],
    ['Must have at most 2 items.', 'Höchstens 2 Einträge.'],
    ['Remove', 'Entfernen'],
    ['No items selected…', 'Noch keine Seite gewählt.'],
    ['No more items…', 'Alle Seiten sind gewählt.'],
    ['1 selected', '1 ausgewählt'],
    ['Unsaved', 'Nicht gespeichert'],
    ['Dashboard', 'Übersicht'],
    ['Add item', 'Eintrag hinzufügen'],
    ['Item 3', 'Eintrag 3'],
    ['Reset', 'Änderungen verwerfen'],
    ['Reset changes', 'Änderungen verwerfen'],
    ['Copy entry', 'Eintrag kopieren'],
    ['Paste entry', 'Eintrag einfügen'],
  ])('%s → %s', (english, german) => {
    expect(germanMessage(english)).toBe(german);
  });

  it('leaves every other text as it is', () => {
    expect(germanMessage('Hotel-Website mit Zimmerkategorien')).toBeUndefined();
    expect(germanMessage('Speichern')).toBeUndefined();
  });
});
