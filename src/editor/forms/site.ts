/**
 * The agency's data (content/site.yaml): name, address, contact, how prices are taxed.
 */
import { fields, singleton } from '@keystatic/core';
import { optionalText, text } from './fields.ts';

export const site = singleton({
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
