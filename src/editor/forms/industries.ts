/**
 * The industry groups (content/industries.yaml): how the home page groups the landing pages, and
 * which drawing each landing page shows. A new landing page is added to one group here.
 */
import { fields, singleton } from '@keystatic/core';
import { MOTIFS, type Motif } from '../../content-schemas/industries.ts';
import { text } from './fields.ts';

const MOTIF_LABELS: Record<Motif, string> = {
  gastro: 'Gastronomie',
  handel: 'Handel',
  gesundheit: 'Gesundheit',
  bauen: 'Bauen',
  service: 'Service',
  beratung: 'Beratung',
};

const family = fields.object({
  name: text('Name der Gruppe', 3, 40, 'Überschrift auf der Startseite, 3 bis 40 Zeichen.'),
  motif: fields.select({
    label: 'Zeichnung',
    description: 'Die Zeichnung der Gruppe: auf der Startseite und oben auf jeder ihrer Branchenseiten.',
    options: MOTIFS.map((motif) => ({ label: MOTIF_LABELS[motif], value: motif })),
    defaultValue: 'service',
  }),
  pages: fields.multiRelationship({
    label: 'Branchenseiten der Gruppe',
    description:
      'Jede Branchenseite steht in genau einer Gruppe. Die Auswahl nennt alle Seiten mit ihrer Adresse (Dateiname), auch die anderer Gruppen. Zum Entfernen haken Sie die Seite an und wählen „Entfernen“. Die Reihenfolge hier spielt keine Rolle: Den Platz bestimmt das Feld „Position auf der Startseite“ der Seite.',
    collection: 'landing',
    validation: { length: { min: 1 } },
  }),
});

export const industries = singleton({
  label: 'Branchengruppen',
  path: 'industries',
  format: 'yaml',
  schema: {
    families: fields.array(family, {
      label: 'Gruppen',
      description: 'Die Startseite zeigt die Gruppen in der Reihenfolge ihrer vordersten Branchenseite.',
      itemLabel: (props) => props.fields.name.value,
      validation: { length: { min: 1 } },
    }),
  },
});
