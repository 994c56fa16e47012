/**
 * The content editor (Keystatic, local mode) over `content/` (paths below are inside it) (docs/product.md#d38-content-editor):
 * the same files and fields as the content collections' schemas in src/content-schemas/, with
 * German labels and help texts. Keystatic writes only the fields named here, so every field of a
 * schema has its field here (tests/unit/editor-schema.test.ts checks both agree on every file).
 * The build's schemas stay the last word: whatever this form lets through, the publish build checks.
 */
import { collection, config, fields, singleton } from '@keystatic/core';
import { EXAMPLE_THEMES, GATE_MESSAGES, NO_GATE } from '../content-schemas/landing.ts';

/** The length the build requires, said in the field's help text unless it says more. */
const lengthRule = (min: number, max?: number) =>
  max ? `${min} bis ${max} Zeichen.` : min > 1 ? `Mindestens ${min} Zeichen.` : undefined;

/** Text with a length the build requires; optional text left empty is left out of the file. */
const text = (label: string, min: number, max?: number, description = lengthRule(min, max)) =>
  fields.text({ label, description, validation: { length: { min, max } } });
const longText = (label: string, min: number, max?: number, description = lengthRule(min, max)) =>
  fields.text({ label, description, multiline: true, validation: { length: { min, max } } });
const optionalText = (label: string, description?: string) => fields.text({ label, description });
const euros = (label: string, isRequired: boolean, description = 'Preis in Euro als Zahl, z. B. 1200 oder 49.90') =>
  isRequired
    ? fields.number({ label, description, validation: { isRequired: true, min: 0 } })
    : fields.number({ label, description, validation: { min: 0 } });
const count = (label: string, description?: string) => fields.integer({ label, description, validation: { min: 1 } });
const list = (label: string, itemLabel: string, min: number, max?: number, description?: string) =>
  fields.array(fields.text({ label: itemLabel, validation: { length: { min: 1 } } }), {
    label,
    description,
    itemLabel: (props) => props.value,
    validation: { length: { min, max } },
  });

/**
 * The body of a page: what the content rules allow (content/README.md): paragraphs, ## and ###
 * headings, lists, links, bold and italic.
 */
export const bodyOptions = {
  heading: [2, 3],
  bold: true,
  italic: true,
  link: true,
  orderedList: true,
  unorderedList: true,
  table: false,
  code: false,
  strikethrough: false,
  codeBlock: false,
  blockquote: false,
  divider: false,
  image: false,
} as const;

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

const landing = collection({
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

/**
 * The body of a page of content/pages (about us and the legal texts): the landing pages' marks,
 * plus tables (the privacy policy lists what is stored in the browser) and inline code (the names
 * of those entries). Written as Markdown, not Markdoc: Keystatic's Markdoc writer turns a table
 * into Markdoc's own `{% table %}` and writes the statutory form's "(*)" without its escape, which
 * the pages' Markdown would show as text and as italics; its Markdown writer writes what the build
 * reads, escaping `*` and also `{`, so a company field reads `\{\{Anbieter}}` in the file
 * (docs/product.md#d38-content-editor).
 */
export const pageBodyOptions = { ...bodyOptions, table: true, code: true } as const;

const pageBody = fields.mdx({
  label: 'Text der Seite',
  description:
    'Abschnitte mit Überschriften (Ebene 2 und 3). Firmendaten als Platzhalter: {{Anbieter}}, {{Firma}} oder {{Ort}} (siehe content/README.md).',
  extension: 'md',
  options: pageBodyOptions,
});

/** A page of content/pages. */
const page = (label: string, file: string) =>
  singleton({
    label,
    path: `pages/${file}`,
    format: { contentField: 'body' },
    schema: {
      title: text('Titel', 1, undefined, 'Die Hauptüberschrift der Seite.'),
      description: longText('Beschreibung für Suchmaschinen', 70, 170, '70 bis 170 Zeichen.'),
      updated: fields.date({
        label: 'Stand',
        description: 'Datum der letzten inhaltlichen Änderung; steht auf den rechtlichen Seiten als „Stand“.',
      }),
      body: pageBody,
    },
  });

const model = fields.object({
  id: text('Kennung', 1, undefined, 'Nur Kleinbuchstaben und Bindestriche; nicht ändern.'),
  number: fields.integer({
    label: 'Nummer (1 bis 5, auch die Reihenfolge)',
    validation: { isRequired: true, min: 1, max: 5 },
  }),
  name: text('Name', 1, undefined, 'So heißt das Modell auf /modelle und im Warenkorb.'),
  description: longText(
    'Beschreibung',
    40,
    undefined,
    'Mindestens 40 Zeichen. Keine Preise in den Text schreiben: der Preis steht unten.',
  ),
  kind: fields.select({
    label: 'Technik',
    description: 'Womit die Website gebaut wird.',
    options: [
      { label: 'Content-Management-System', value: 'cms' },
      { label: 'Moderner Web-Stack', value: 'modern' },
      { label: 'Individuelle Entwicklung', value: 'custom' },
    ],
    defaultValue: 'cms',
  }),
  offer: fields.select({
    label: 'Angebot',
    description: 'Unter welchem der zwei Angebote das Modell steht.',
    options: [
      { label: 'Informationsseite', value: 'information' },
      { label: 'Interaktive Website', value: 'interactive' },
    ],
    defaultValue: 'information',
  }),
  recommended: fields.checkbox({ label: 'Unsere Empfehlung (höchstens ein Modell)' }),
  price: euros('Preis', true, 'In Euro als Zahl. Gilt nach dem Veröffentlichen auch im Warenkorb.'),
  priceType: fields.select({
    label: 'Preisangabe',
    description: '„bis zu“ zeigt „bis zu …“ vor dem Preis.',
    options: [
      { label: 'Festpreis', value: 'fixed' },
      { label: 'bis zu', value: 'upTo' },
    ],
    defaultValue: 'fixed',
  }),
  limits: fields.object(
    {
      photos: count('Fotos'),
      services: count('Leistungen'),
      pages: count('Seiten'),
      productCards: count('Produktkarten'),
    },
    { label: 'Grenzen (leer: gilt nicht)' },
  ),
  features: list('Merkmale', 'Merkmal', 2, undefined, 'Je Merkmal eine kurze Zeile, ohne Preise.'),
});

const models = singleton({
  label: 'Website-Modelle',
  path: 'models',
  format: 'yaml',
  schema: {
    models: fields.array(model, {
      label: 'Modelle',
      description: 'Die fünf Website-Modelle; ein Klick auf ein Modell öffnet es.',
      itemLabel: (props) => props.fields.name.value,
    }),
  },
});

const slugText = (label: string) =>
  fields.text({
    label,
    description: 'Nur Kleinbuchstaben und Bindestriche; nicht ändern.',
    validation: { pattern: { regex: /^[a-z-]+$/, message: 'Nur Kleinbuchstaben und Bindestriche' } },
  });

const pricing = singleton({
  label: 'Wartungs- und Druckpreise',
  path: 'pricing',
  format: 'yaml',
  schema: {
    maintenance: fields.object(
      {
        intro: longText('Einleitung', 1, undefined, 'Der erste Absatz unter „Website-Wartung“ auf /preise.'),
        billing: text('Abrechnung', 1, undefined, 'Wie Wartung abgerechnet wird, ein Satz.'),
        yearlyDiscountPercent: fields.integer({
          label: 'Rabatt bei jährlicher Zahlung in %',
          validation: { isRequired: true, min: 0, max: 100 },
        }),
        exclusions: text('Nicht enthalten', 1, undefined, 'Was keine Wartung umfasst, ein Satz.'),
        included: list('Enthalten', 'Leistung', 3, undefined, 'Mindestens drei Leistungen, die jede Wartung umfasst.'),
        extras: list('Zusatzleistungen', 'Leistung', 1, undefined, 'Was gegen Aufpreis dazukommt.'),
        tiers: fields.array(
          fields.object({
            id: slugText('Kennung'),
            name: text('Name', 1, undefined, 'So heißt das Paket auf /preise und im Warenkorb.'),
            from: euros(
              'Preis pro Monat ab',
              true,
              'In Euro als Zahl. Gilt nach dem Veröffentlichen auch im Warenkorb.',
            ),
            to: euros('bis', false, 'Leer lassen für „ab …“.'),
            description: longText('Beschreibung', 1, undefined, 'Für wen das Paket passt und was es umfasst.'),
          }),
          {
            label: 'Wartungspakete',
            itemLabel: (props) => props.fields.name.value,
            validation: { length: { min: 1 } },
          },
        ),
      },
      { label: 'Wartung' },
    ),
    print: fields.object(
      {
        intro: longText('Einleitung', 1, undefined, 'Der erste Absatz unter „Großformatdruck und Design“ auf /preise.'),
        items: fields.array(
          fields.object({
            id: slugText('Kennung'),
            name: text('Name', 1, undefined, 'So heißt das Produkt auf /preise und im Warenkorb.'),
            from: euros(
              'Preis ab',
              true,
              'Der kleinste Preis einer Bestellung, auch der Preis im Warenkorb; nie unter dem Mindestbestellwert.',
            ),
            unit: fields.select({
              label: 'Preis gilt',
              description: 'Danach verkauft der Shop den Artikel.',
              options: [
                { label: 'pauschal', value: 'flat' },
                { label: 'pro Stück', value: 'piece' },
                { label: 'pro m²', value: 'sqm' },
                { label: 'pro Stunde', value: 'hour' },
              ],
              defaultValue: 'flat',
            }),
            limits: list('Grenzen', 'Grenze', 0, undefined, 'z. B. Formate oder Auflagen; darf leer bleiben.'),
            minimumOrder: euros('Mindestbestellwert', false, 'In Euro; leer: keiner.'),
          }),
          {
            label: 'Druck und Design',
            itemLabel: (props) => props.fields.name.value,
            validation: { length: { min: 1 } },
          },
        ),
        fileFormats: fields.multiselect({
          label: 'Dateiformate',
          description: 'In welchen Formaten Kunden ihre Druckdaten schicken können.',
          options: [
            { label: 'JPG', value: 'jpg' },
            { label: 'TIFF', value: 'tiff' },
            { label: 'PNG', value: 'png' },
            { label: 'PDF', value: 'pdf' },
          ],
        }),
        resolution: fields.object(
          {
            upToA3Dpi: fields.integer({
              label: 'Bis DIN A3, in dpi',
              description: 'Mindestauflösung im Endformat für Drucksachen bis DIN A3 (die AGB nennen dieselbe Regel).',
              validation: { isRequired: true, min: 1 },
            }),
            largeFormatDpi: fields.integer({
              label: 'Größere Formate, in dpi',
              description: 'Mindestauflösung im Endformat für Plakate, Banner und Leinwände.',
              validation: { isRequired: true, min: 1 },
            }),
          },
          { label: 'Auflösung der Druckdaten' },
        ),
        shipping: longText('Versand', 1, undefined, 'Wie und wohin geliefert wird, auf /preise.'),
        bleedMm: fields.integer({
          label: 'Beschnitt in mm',
          description: 'An jeder Kante, 0 bis 10.',
          validation: { isRequired: true, min: 0, max: 10 },
        }),
        delivery: longText('Nach dem Eingang der Druckdaten', 1, undefined, 'Was bis zur Lieferung geschieht.'),
      },
      { label: 'Druck und Design' },
    ),
  },
});

const site = singleton({
  label: 'Firmendaten und Website',
  path: 'site',
  format: 'yaml',
  schema: {
    name: text('Name der Website', 2, undefined, 'Steht im Kopf jeder Seite und in den Seitentiteln.'),
    subtitle: text('Untertitel', 5, undefined, 'Steht unter dem Namen im Kopf und in der Fußzeile.'),
    company: fields.object(
      {
        legalName: text(
          'Firmenname',
          1,
          undefined,
          'Wie im Handels- oder Gewerberegister; steht im Impressum, in den AGB und auf Rechnungen.',
        ),
        representative: text('Vertreten durch', 1, undefined, 'Wer das Unternehmen vertritt (Impressum).'),
        legalForm: text('Rechtsform', 1, undefined, 'z. B. Einzelunternehmen, GmbH.'),
        street: text('Straße', 1, undefined, 'Straße und Hausnummer.'),
        postalCode: fields.text({
          label: 'Postleitzahl',
          validation: { pattern: { regex: /^\d{5}$/, message: 'Postleitzahl mit fünf Ziffern' } },
        }),
        city: text('Ort', 1),
        country: text('Land', 1),
        countryCode: fields.text({
          label: 'Ländercode',
          description: 'Das Land als Code für E-Rechnungen, zum Beispiel DE.',
          validation: {
            pattern: { regex: /^[A-Z]{2}$/, message: 'Ländercode mit zwei Großbuchstaben, zum Beispiel DE' },
          },
        }),
        email: fields.text({
          label: 'E-Mail',
          description: 'Die Adresse für Kunden: Kontaktseite, Fußzeile, Impressum, E-Mails.',
          validation: { pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Eine E-Mail-Adresse angeben' } },
        }),
        phone: text('Telefon', 1, undefined, 'Im Impressum, in der Widerrufsbelehrung und auf Rechnungen.'),
        vatId: optionalText('USt-IdNr.', 'Steht auf jeder Rechnung. Für Kleinunternehmer ohne USt-IdNr. leer lassen.'),
        taxNumber: optionalText(
          'Steuernummer',
          'Nur nötig ohne USt-IdNr.: Rechnungen nennen dann die Steuernummer des Finanzamts.',
        ),
        contentResponsible: text(
          'Verantwortlich für den Inhalt (§ 18 Abs. 2 MStV)',
          1,
          undefined,
          'Name und Anschrift der Person, im Impressum.',
        ),
      },
      { label: 'Firma (Impressum)' },
    ),
    vat: fields.object(
      {
        mode: fields.select({
          label: 'Umsatzsteuer',
          description: 'Bestimmt den Hinweis unter allen Preisen und die Rechnungen.',
          options: [
            { label: 'Preise inklusive Umsatzsteuer', value: 'included' },
            { label: 'Kleinunternehmer (§ 19 UStG)', value: 'smallBusiness' },
          ],
          defaultValue: 'included',
        }),
        ratePercent: fields.number({ label: 'Steuersatz in %', description: 'Nur bei „inklusive Umsatzsteuer“.' }),
      },
      { label: 'Preisangaben' },
    ),
    openingHours: fields.object(
      {
        label: text('Tage', 1, undefined, 'z. B. „täglich“ oder „werktags“; steht vor den Uhrzeiten.'),
        opens: fields.text({
          label: 'von (HH:MM)',
          validation: { pattern: { regex: /^\d{2}:\d{2}$/, message: 'Uhrzeit als HH:MM' } },
        }),
        closes: fields.text({
          label: 'bis (HH:MM)',
          validation: { pattern: { regex: /^\d{2}:\d{2}$/, message: 'Uhrzeit als HH:MM' } },
        }),
      },
      { label: 'Öffnungszeiten' },
    ),
    adviceNote: text(
      'Hinweis zur Beratung',
      1,
      undefined,
      'Ein Satz auf der Startseite, der Kontaktseite, unter „Preise“ und „Über uns“.',
    ),
    social: fields.array(
      fields.object({
        name: text('Name', 1, undefined, 'z. B. Instagram.'),
        url: fields.url({ label: 'Adresse', description: 'Mit https://.', validation: { isRequired: true } }),
      }),
      {
        label: 'Soziale Netzwerke (genau vier)',
        itemLabel: (props) => props.fields.name.value,
        validation: { length: { min: 4, max: 4 } },
      },
    ),
    defaultImage: fields.text({
      label: 'Bild für Kategorien ohne Bild',
      description: 'Pfad unter public/, beginnt mit /.',
    }),
  },
});

export default config({
  storage: { kind: 'local' },
  locale: 'de-DE',
  ui: {
    // Our own section names: Keystatic's would read 'Sammlungen' and 'Einzelne'.
    navigation: {
      Seiten: ['landing', 'aboutus'],
      Rechtliches: ['agb', 'widerrufsbelehrung', 'privacypolicy', 'barrierefreiheit'],
      'Preise und Firmendaten': ['models', 'pricing', 'site'],
    },
  },
  collections: { landing },
  singletons: {
    models,
    pricing,
    site,
    aboutus: page('Über uns', 'aboutus'),
    agb: page('AGB', 'agb'),
    widerrufsbelehrung: page('Widerrufsbelehrung', 'widerrufsbelehrung'),
    privacypolicy: page('Datenschutzerklärung', 'privacypolicy'),
    barrierefreiheit: page('Erklärung zur Barrierefreiheit', 'barrierefreiheit'),
  },
});
