/**
 * What the receipts and staff's notices of the consumers' declarations share (docs/product.md#d31-consumer-law).
 */
import { formatReceiptTime } from '../../../lib/declarations.ts';

/** Who sent a declaration, and when it came in (docs/product.md#d31-consumer-law). */
export interface Declaration {
  receivedAt: string;
  name: string;
  email: string;
  orderNumber: string;
}

/**
 * Text a sender typed, as a mail to an address they may not own repeats it: nothing in it reads as
 * a link or an address to a mail program (docs/product.md#d31-consumer-law). A dot between letters or
 * digits (also the full-width ones URLs accept) becomes "[.]", a scheme's "://" becomes "[:]//", "@" "[at]".
 */
export const unlinked = (text: string): string =>
  text
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/@/g, '[at]');

/** A declaration's name and order number as its receipt shows them: as typed to the sender's own account, else unlinked. */
export function asShownTo<T extends Declaration>(declaration: T, senderConfirmed: boolean): T {
  if (senderConfirmed) return declaration;
  return { ...declaration, name: unlinked(declaration.name), orderNumber: unlinked(declaration.orderNumber) };
}

/** Staff's note when a receipt was not mailed (docs/product.md#d31-consumer-law). */
export const RECEIPT_NOT_MAILED = (email: string) =>
  `Die Eingangsbestätigung an ${email} wurde nicht verschickt: An diese Adresse gingen heute schon mehrere Bestätigungen zu Erklärungen ohne Anmeldung (Schutz vor Massen-E-Mails). Ist die Erklärung echt, bestätigen Sie den Eingang bitte selbst.`;

/** A declaration as its receipt and staff's notice repeat it: the sender, its own `content`, the time of receipt. */
export const declarationLines = (declaration: Declaration, content: string[]) => [
  `Name: ${declaration.name}`,
  `E-Mail-Adresse: ${declaration.email}`,
  `Bestellnummer: ${declaration.orderNumber || 'nicht angegeben'}`,
  ...content,
  `Eingegangen am ${formatReceiptTime(declaration.receivedAt)}`,
];
