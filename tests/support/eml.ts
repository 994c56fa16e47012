/** Reading the .eml files the outbox mailer writes: headers (unfolded, decoded), the plain-text part, attachments. */

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

/** The attached files: parts with `Content-Disposition: attachment`, base64 as nodemailer writes them. */
const ATTACHMENT =
  /Content-Type: ([^;\r\n]+);\s*name="?([^"\r\n]+)"?\r?\nContent-Transfer-Encoding: base64\r?\nContent-Disposition: attachment[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g;

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?...?="); adjacent words join without space. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

export function parseEml(raw: string): ReceivedMail {
  const headers = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '');
  const textPart = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: ([^\n]+)\n\n([\s\S]*?)\n--/i.exec(raw);
  const encoding = textPart?.[1]?.trim().toLowerCase();
  const body = textPart?.[2] ?? '';
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  const attachments = [...raw.matchAll(ATTACHMENT)].map(([, contentType = '', filename = '', data = '']) => ({
    filename: decodeHeader(filename),
    contentType,
    content: Buffer.from(data.replace(/\s/g, ''), 'base64'),
  }));
  return { to: header('To'), subject: header('Subject'), text, attachments, raw };
}
