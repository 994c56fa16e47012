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

/** Where the customer hands things over: the materials page, linked wherever the next steps are read. */
const MATERIALS_PAGE =
  'der Seite „Unterlagen abgeben“ zu Ihrer Bestellung (verlinkt in Ihrem Profil und in der Bestätigungs-E-Mail)';

/** The next steps of one kind, paragraph by paragraph; the e-mail stays open besides the materials page. */
export function nextSteps(kind: ProductKind, { agencyEmail, print }: NextStepFacts): string[] {
  switch (kind) {
    case 'website':
      return [
        `Ihre Website: Geben Sie uns bitte auf ${MATERIALS_PAGE} den Namen Ihrer Website, die gewünschte Adresse, Ihre Texte, Ihr Logo und Ihre Fotos; das gewählte Modell kennen wir schon. Dann legen wir los. Lieber per E-Mail? Dann schreiben Sie an ${agencyEmail} mit der Bestellnummer.`,
      ];
    case 'maintenance':
      return [
        `Ihre Wartung: Sie beginnt am gebuchten Starttag. Nennen Sie uns bitte vorher auf ${MATERIALS_PAGE} oder per E-Mail an ${agencyEmail} die Adresse Ihrer Website, ihr System und eine Ansprechperson; wir rufen Sie an und vereinbaren, wie Sie uns den Zugang zu Ihrem CMS und Hosting geben (bitte nie Passwörter, weder dort noch per E-Mail).`,
        'Am Starttag sichern wir Ihre Website vollständig, prüfen sie auf Fehler und veraltete Software und schicken Ihnen einen kurzen Bericht. Die Wartung endet mit ihrer Laufzeit; 30 Tage vorher erinnern wir Sie per E-Mail.',
      ];
    case 'print':
      return [
        `Ihre Druckdaten: Laden Sie sie bitte auf ${MATERIALS_PAGE} hoch, als ${formatFileFormats(print.fileFormats)} mit ${formatPrintResolution(print.resolution)}, und ${print.bleedMm} mm Beschnitt an jeder Seite; Schriften eingebettet oder in Pfade umgewandelt. Wir prüfen jede Datei beim Hochladen und sagen Ihnen sofort, ob die Auflösung reicht. Ist eine Datei dafür zu groß, schicken Sie uns bitte einen Download-Link per E-Mail an ${agencyEmail} mit der Bestellnummer.`,
        `${print.delivery} ${print.shipping}`,
      ];
    case 'service':
      return [
        `Ihre Beratung oder Dienstleistung: Wir melden uns vor dem gebuchten Termin bei Ihnen und stimmen Uhrzeit und Ort ab (bei uns, bei Ihnen, per Telefon oder Video). Was wir vorher sehen sollten, laden Sie bitte auf ${MATERIALS_PAGE} hoch oder schicken es per E-Mail an ${agencyEmail} mit der Bestellnummer.`,
      ];
  }
}
