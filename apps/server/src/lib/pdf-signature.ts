import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import forge from 'node-forge';
import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';

/** What a PKCS#12 file holds that a person checks before trusting it to sign: whose it is, who vouches, until when. */
export interface SigningIdentity {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
}

/** Why a PKCS#12 file cannot sign: not one at all, the password does not open it, or it holds no key and its certificate. */
export type Pkcs12Problem = 'unreadable' | 'password' | 'noKey';

export class Pkcs12Error extends Error {
  constructor(readonly problem: Pkcs12Problem) {
    super(`PKCS#12 refused: ${problem}`);
  }
}

/** A distinguished name as people read it: "CN=…, O=…, C=ES", most specific first. */
function distinguishedName(name: forge.pki.Certificate['subject']): string {
  return name.attributes
    .map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`)
    .reverse()
    .join(', ');
}

/**
 * Opens a PKCS#12 file with its password and finds the certificate that goes with its private key (the file may
 * carry the issuer's chain too). Throws Pkcs12Error saying what is wrong with it.
 */
export function readPkcs12(pkcs12: Buffer, password: string): SigningIdentity {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pkcs12.toString('binary')));
  } catch {
    throw new Pkcs12Error('unreadable');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says the MAC does not hold, or fails to decrypt a bag, when the password is not the file's.
    const message = error instanceof Error ? error.message : '';
    throw new Pkcs12Error(/MAC|password|decrypt/i.test(message) ? 'password' : 'unreadable');
  }
  const keyBagType = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBagType = forge.pki.oids.certBag!;
  const keyBags = p12.getBags({ bagType: keyBagType })[keyBagType];
  const key = keyBags?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificates: forge.pki.Certificate[] = (p12.getBags({ bagType: certBagType })[certBagType] ?? []).flatMap(
    (bag) => (bag.cert ? [bag.cert] : []),
  );
  // The same match the signer makes (@signpdf/signer-p12): the certificate whose public key is the key's.
  const certificate = key
    ? certificates.find((candidate) => {
        const publicKey = candidate.publicKey as forge.pki.rsa.PublicKey;
        return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
      })
    : undefined;
  if (!certificate) throw new Pkcs12Error('noKey');
  return {
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    serialNumber: certificate.serialNumber.toUpperCase(),
    validFrom: certificate.validity.notBefore,
    validTo: certificate.validity.notAfter,
  };
}

export interface SignatureDetails {
  /** Who signs, as the signature panel names them. */
  name: string;
  /** What the signature is for ("Certificado de servicio 2026-000123"). */
  reason: string;
  location: string;
  contactInfo: string;
}

/**
 * Room kept in the document for the CMS signature, in bytes: the signer's certificate and a chain of two or
 * three issuers (an FNMT certificate carries its intermediate) with RSA-4096 keys fit in well under this.
 */
const SIGNATURE_LENGTH = 16_384;

/**
 * Signs a finished PDF with the key of a PKCS#12 file: a signature dictionary (SubFilter ETSI.CAdES.detached,
 * PAdES) whose ByteRange covers every byte of the file but the signature itself, added through pdf-lib and
 * filled with a detached CMS SignedData (SHA-256 over RSA) by @signpdf. The document is written out once more
 * by pdf-lib, without object streams, so any reader (and `pdfsig`) finds the signature in the one revision.
 */
export async function signPdf(
  pdf: Uint8Array,
  pkcs12: Buffer,
  password: string,
  details: SignatureDetails,
  signingTime = new Date(),
): Promise<Buffer> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: document,
    ...details,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: 'ETSI.CAdES.detached',
    appName: 'Rondín',
  });
  const prepared = Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
  return new SignPdf().sign(prepared, new P12Signer(pkcs12, { passphrase: password }), signingTime);
}

/**
 * Signs a finished PDF when the company has a usable signing certificate, else hands it back as it was: the seam
 * every signed document goes through at the moment its final bytes exist (certificates before they are stored
 * and hashed, audit packs before they are sent; modules/company/signing.service.ts). `reason` says what for.
 */
export type PdfSeal = (pdf: Readable, reason: string) => Promise<Readable>;
