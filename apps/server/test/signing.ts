import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

const DAY = 86_400_000;

export interface TestPkcs12Options {
  password?: string;
  commonName?: string;
  validFrom?: Date;
  validTo?: Date;
  /** false: the certificate alone, without its private key (a file exported without the key). */
  withKey?: boolean;
}

/**
 * A company certificate as a PKCS#12 file, made here: an RSA key (node:crypto, fast) and a self-signed X.509
 * certificate for it (node-forge), valid from yesterday for a year unless told otherwise, sealed with AES-256
 * like a recent export (FNMT's, a browser's).
 */
export function testPkcs12(options: TestPkcs12Options = {}): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = '0a1b2c3d';
  certificate.validity.notBefore = options.validFrom ?? new Date(Date.now() - DAY);
  certificate.validity.notAfter = options.validTo ?? new Date(Date.now() + 365 * DAY);
  const name = [
    { shortName: 'C', value: 'ES' },
    { shortName: 'O', value: 'Plagas del Norte S.L.' },
    { shortName: 'CN', value: options.commonName ?? 'PLAGAS DEL NORTE SL - B12345678' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(
    options.withKey === false ? null : key,
    [certificate],
    options.password ?? 'clave-de-prueba',
    { algorithm: 'aes256' },
  );
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** What poppler's pdfsig says of a PDF's signatures (its exit status is not 0 when there are none). */
export function pdfsig(pdf: Buffer): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-pdfsig-'));
  try {
    fs.writeFileSync(path.join(folder, 'doc.pdf'), pdf);
    try {
      return execFileSync('pdfsig', ['doc.pdf'], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const { stdout, stderr } = error as { stdout: string; stderr: string };
      return `${stdout}${stderr}`;
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
