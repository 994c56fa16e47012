/**
 * The maintenance and print prices (content/pricing.yaml).
 */
import { fields, singleton } from '@keystatic/core';
import { euros, list, longText, text } from './fields.ts';

const slugText = (label: string) =>
  fields.text({
    label,
    description: 'Nur Kleinbuchstaben und Bindestriche; nicht ändern.',
    validation: { pattern: { regex: /^[a-z-]+$/, message: 'Nur Kleinbuchstaben und Bindestriche' } },
  });

export const pricing = singleton({
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
