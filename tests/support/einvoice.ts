/**
 * The independent check of issued invoices (docs/product.md#d37-invoices): each PDF's embedded
 * `factur-x.xml` (poppler's `pdfdetach`) against the CII D16B schema (`xmllint`) and the EN 16931
 * business rules (the European Commission's Schematron as XSLT, run once for all files with
 * Saxon-HE), and the PDF's metadata declaring PDF/A-3 and the Factur-X profile.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ARTEFACTS = path.join(import.meta.dirname, 'einvoice');

export interface EInvoiceCheck {
  /** Every failed rule and schema error; empty for a valid invoice. */
  findings: string[];
  /** The embedded XML, for checks of what it says. */
  xml: string;
  /** The Factur-X profile the PDF's metadata declares, e.g. "EN 16931". */
  conformanceLevel: string;
  /** The PDF's text, as a person (or a screen reader) reads it. */
  text: string;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', stdio: 'pipe' });

/** Checks PDFs; one answer per PDF, in their order. */
export function checkEInvoices(pdfs: Uint8Array[]): EInvoiceCheck[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'hwds-einvoice-'));
  try {
    const xmlDir = path.join(dir, 'xml');
    const reportDir = path.join(dir, 'reports');
    mkdirSync(xmlDir);
    mkdirSync(reportDir);
    const checks = pdfs.map((pdf, index) => {
      const file = path.join(dir, `${index}.pdf`);
      writeFileSync(file, pdf);
      const attachments = path.join(dir, `${index}`);
      mkdirSync(attachments);
      run('pdfdetach', ['-saveall', '-o', attachments, file]);
      const findings: string[] = [];
      const names = readdirSync(attachments);
      if (!names.includes('factur-x.xml')) findings.push(`no factur-x.xml embedded (found: ${names.join(', ')})`);
      const xml = names.includes('factur-x.xml') ? readFileSync(path.join(attachments, 'factur-x.xml'), 'utf8') : '';
      writeFileSync(path.join(xmlDir, `${index}.xml`), xml);
      const meta = run('pdfinfo', ['-meta', file]);
      if (!/pdfaid:part(>|=")3/.test(meta)) findings.push('the PDF metadata does not declare PDF/A-3');
      const conformanceLevel = /ConformanceLevel>([^<]*)/.exec(meta)?.[1] ?? '';
      try {
        run('xmllint', [
          '--noout',
          '--schema',
          path.join(ARTEFACTS, 'cii-xsd/CrossIndustryInvoice_100pD16B.xsd'),
          path.join(xmlDir, `${index}.xml`),
        ]);
      } catch (error) {
        findings.push(`CII schema: ${String((error as { stderr?: string }).stderr ?? error).trim()}`);
      }
      const text = run('pdftotext', ['-layout', file, '-']);
      return { findings, xml, conformanceLevel, text };
    });
    run('java', [
      '-cp',
      '/usr/share/java/Saxon-HE.jar',
      'net.sf.saxon.Transform',
      `-s:${xmlDir}`,
      `-xsl:${path.join(ARTEFACTS, 'EN16931-CII-validation.xslt')}`,
      `-o:${reportDir}`,
    ]);
    return checks.map((check, index) => {
      const report = readFileSync(path.join(reportDir, `${index}.xml`), 'utf8');
      const fatal = report
        .split('<svrl:failed-assert')
        .slice(1)
        .filter((assertion) => /^[^>]*flag="fatal"/.test(assertion))
        .map((assertion) => `EN 16931: ${/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(assertion)?.[1]?.trim()}`);
      return { ...check, findings: [...check.findings, ...fatal] };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
