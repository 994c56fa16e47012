/**
 * The industry landing pages (content/landing/*.md) as editors fill them.
 */
import { collection, fields } from '@keystatic/core';
import { EXAMPLE_THEMES, GATE_MESSAGES, NO_GATE } from '../../content-schemas/landing.ts';
import { bodyOptions, euros, list, longText, optionalText, text } from './fields.ts';

const body = fields.markdoc({
  label: 'Text der Seite',
  description: 'Einleitung, dann Abschnitte mit Überschriften (Ebene 2 und 3); keine Preise und keine Bestellschritte.',
  extension: 'md',
  options: bodyOptions,
});

/** The name of a collection's entry, its file name without the extension (the server writes no other). */
export const ENTRY_NAME = /^[a-z0-9-]+$/;

const fileName = {
  label: 'Adresse der Seite (Dateiname)',
  description:
    'Nur Kleinbuchstaben, Ziffern und Bindestriche. Bei einer bestehenden Seite nicht ändern: die Adresse ist verlinkt.',
  validation: { pattern: { regex: ENTRY_NAME, message: 'Nur Kleinbuchstaben, Ziffern und Bindestriche' } },
};

const exampleItem = fields.object({
  name: text('Name', 3, 70),
  description: optionalText('Beschreibung', '10 bis 200 Zeichen; darf leer bleiben.'),
  price: euros('Preis', false, 'In Euro als Zahl; leer lassen, wo eine Preisliste unüblich ist.'),
  priceFrom: fields.checkbox({ label: '„ab“ vor den Preis setzen' }),
  priceUnit: optionalText('Wofür der Preis gilt', 'z. B. „pro Nacht“, „je 45 Minuten“; darf leer bleiben.'),
});

export const landing = collection({
  label: 'Branchenseiten',
  path: 'landing/*',
  slugField: 'title',
  format: { contentField: 'body' },
  columns: ['title'],
  schema: {
    title: fields.slug({
      name: {
        label: 'Titel',
        description: 'Hauptüberschrift und Seitentitel, 10 bis 70 Zeichen.',
        validation: { length: { min: 10, max: 70 } },
      },
      slug: fileName,
    }),
    businessType: text('Branche', 3, 40, 'So heißt der Link auf der Startseite, z. B. „Bäckerei“.'),
    description: longText('Beschreibung für Suchmaschinen', 70, 170, '70 bis 170 Zeichen.'),
    order: fields.integer({
      label: 'Position auf der Startseite',
      description: 'Eine Zahl, die keine andere Branchenseite hat; kleinere Zahlen stehen weiter vorn.',
      validation: { isRequired: true, min: 1 },
    }),
    scope: fields.object(
      {
        count: fields.integer({
          label: 'Anzahl',
          description: 'So viele sind im Paketpreis enthalten.',
          validation: { isRequired: true, min: 1 },
        }),
        unit: text('Was gezählt wird', 3, undefined, 'Mehrzahl, z. B. „Produkte“, „Zimmer“.'),
        note: optionalText('Zusatz', 'Ein Satz, z. B. zu größeren Shops; darf leer bleiben.'),
      },
      { label: 'Im Paketpreis enthalten' },
    ),
    exampleSiteUrl: fields.url({
      label: 'Echte Beispiel-Website',
      description: 'Nur wenn es eine echte Website als Beispiel gibt (mit https://); sonst leer lassen.',
    }),
    example: fields.object(
      {
        name: text(
          'Name des erfundenen Betriebs',
          3,
          50,
          'z. B. „Hotel Seeblick“; kein echter Betrieb. 3 bis 50 Zeichen.',
        ),
        theme: fields.select({
          label: 'Aussehen',
          description: 'Farben und Schrift der Beispielseite, je Branchengruppe eines.',
          options: EXAMPLE_THEMES.map((theme) => ({ label: theme, value: theme })),
          defaultValue: 'handwerk',
        }),
        address: text('Erfundene Adresse', 10, 60, 'z. B. „Uferweg 12 · Musterstadt“. 10 bis 60 Zeichen.'),
        claim: text('Satz unter dem Namen', 20, 140),
        intro: longText('Über den Betrieb', 80, 450, 'Zwei oder drei Sätze, 80 bis 450 Zeichen.'),
        offer: fields.object(
          {
            title: text('Überschrift', 5, 40, 'z. B. „Unsere Zimmer“. 5 bis 40 Zeichen.'),
            items: fields.array(exampleItem, {
              label: 'Angebote',
              description: 'Drei bis sechs Leistungen, Produkte oder Zimmer.',
              itemLabel: (props) => props.fields.name.value,
              validation: { length: { min: 3, max: 6 } },
            }),
            note: optionalText('Satz unter der Liste', 'z. B. zur Mehrwertsteuer; darf leer bleiben.'),
          },
          { label: 'Angebot' },
        ),
        hours: fields.object(
          {
            title: optionalText('Überschrift', 'Leer: „Öffnungszeiten“.'),
            rows: fields.array(
              fields.object({
                days: text('Tage', 3, 50, 'z. B. „Montag bis Freitag“.'),
                hours: text('Zeiten', 3, 60, 'z. B. „7 bis 18 Uhr“.'),
              }),
              {
                label: 'Zeilen',
                description: 'Eine bis sieben Zeilen.',
                itemLabel: (props) => props.fields.days.value,
                validation: { length: { min: 1, max: 7 } },
              },
            ),
            note: optionalText('Hinweis', '10 bis 200 Zeichen; darf leer bleiben.'),
          },
          { label: 'Zeiten' },
        ),
        contact: fields.object(
          {
            title: text('Überschrift', 5, 50),
            text: text('Text', 20, 200),
            dateLabel: optionalText('Datumsfeld', 'z. B. „Anreise“; leer: Formular ohne Datum.'),
            button: text('Knopf', 5, 30, 'Beschriftung des Knopfs; das Formular verschickt nichts. 5 bis 30 Zeichen.'),
          },
          { label: 'Kontaktblock' },
        ),
      },
      { label: 'Beispielseite (/beispiele/…)' },
    ),
    contactEmail: fields.text({
      label: 'E-Mail für Bestellungen',
      description: 'An diese Adresse schicken Kunden ihre Bestellung; steht in den Bestellschritten der Seite.',
      validation: { pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Eine E-Mail-Adresse angeben' } },
    }),
    gate: fields.select({
      label: 'Anmeldehinweis für anonyme Besucher',
      description:
        'Steht für nicht angemeldete Besucher an Stelle der Bestellschritte; „kein Hinweis“ zeigt allen die Schritte.',
      options: [...GATE_MESSAGES, NO_GATE].map((message) => ({ label: message, value: message })),
      defaultValue: GATE_MESSAGES[0],
    }),
    benefits: list('Vorteile', 'Vorteil', 3, 6, 'Je ein Satz, 20 bis 300 Zeichen.'),
    offers: fields.object(
      {
        information: longText(
          'Informationsseite',
          40,
          400,
          'Was eine Informationsseite diesem Betrieb bringt, 40 bis 400 Zeichen.',
        ),
        interactive: longText(
          'Interaktive Website',
          40,
          400,
          'Was Bestellungen, Kalender und Online-Zahlung diesem Betrieb bringen, 40 bis 400 Zeichen.',
        ),
      },
      { label: 'Die zwei Angebote' },
    ),
    orderMaterials: longText(
      'Was Kunden mit der Bestellung schicken',
      20,
      300,
      'Im Dativ: „… dem Namen Ihrer Website und Fotos Ihrer Zimmer sowie Ihrem Logo“.',
    ),
    body,
  },
});
