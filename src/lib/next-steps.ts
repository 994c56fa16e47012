/**
 * What a customer does after paying, for each kind of thing ordered (docs/product.md#d36-next-steps):
 * /checkout, the success page and the confirmation mail say the same.
 */
import type { ProductKind } from './product-kinds.ts';

/** How print files must be, from content/pricing.yaml (the browser gets them from the page). */
export interface PrintFileRules {
  fileFormats: readonly string[];
  resolution: PrintResolution;
  bleedMm: number;
  delivery: string;
  shipping: string;
}

/** The least resolution at final size: up to DIN A3, and for larger formats, seen from further away. */
export interface PrintResolution {
  upToA3Dpi: number;
  largeFormatDpi: number;
}

/** "mindestens 300 dpi bis DIN A3 und 150 dpi bei größeren Formaten, jeweils im Endformat": said alike everywhere. */
export const formatPrintResolution = ({ upToA3Dpi, largeFormatDpi }: PrintResolution): string =>
  `mindestens ${upToA3Dpi} dpi bis DIN A3 und ${largeFormatDpi} dpi bei größeren Formaten, jeweils im Endformat`;

/** "JPG, TIFF, PNG, PDF". */
export const formatFileFormats = (formats: readonly string[]): string =>
  formats.map((format) => format.toUpperCase()).join(', ');

export interface NextStepFacts {
  agencyEmail: string;
  print: PrintFileRules;
}

/** The next steps of one kind, paragraph by paragraph. */
export function nextSteps(kind: ProductKind, { agencyEmail, print }: NextStepFacts): string[] {
  switch (kind) {
    case 'website':
      return [
        `Ihre Website: Schicken Sie uns bitte eine E-Mail an ${agencyEmail} mit der Bestellnummer, dem gewählten Modell, dem Namen Ihrer Website und Ihren Fotos oder Produktbeschreibungen. Dann legen wir los.`,
      ];
    case 'maintenance':
      return [
        `Ihre Wartung: Sie beginnt am gebuchten Starttag. Schicken Sie uns bitte vorher eine E-Mail an ${agencyEmail} mit der Bestellnummer und der Adresse Ihrer Website; wir rufen Sie an und vereinbaren, wie Sie uns den Zugang zu Ihrem CMS und Hosting geben (bitte keine Passwörter per E-Mail).`,
        'Am Starttag sichern wir Ihre Website vollständig, prüfen sie auf Fehler und veraltete Software und schicken Ihnen einen kurzen Bericht. Die Wartung endet mit ihrer Laufzeit; 30 Tage vorher erinnern wir Sie per E-Mail.',
      ];
    case 'print':
      return [
        `Ihre Druckdaten: Schicken Sie sie uns bitte per E-Mail an ${agencyEmail} mit der Bestellnummer, als ${formatFileFormats(print.fileFormats)} mit ${formatPrintResolution(print.resolution)}, und ${print.bleedMm} mm Beschnitt an jeder Seite; Schriften eingebettet oder in Pfade umgewandelt.`,
        `${print.delivery} ${print.shipping}`,
      ];
    case 'service':
      return [
        `Ihre Beratung oder Dienstleistung: Wir melden uns vor dem gebuchten Termin bei Ihnen und stimmen Uhrzeit und Ort ab (bei uns, bei Ihnen, per Telefon oder Video). Was wir vorher sehen sollten, schicken Sie uns bitte per E-Mail an ${agencyEmail} mit der Bestellnummer.`,
      ];
  }
}
