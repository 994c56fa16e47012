/**
 * The website models (content/models.yaml).
 */
import { fields, singleton } from '@keystatic/core';
import { count, euros, list, longText, text } from './fields.ts';

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

export const models = singleton({
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
