import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';

describe("isPublicAddress: can the client's auditor open a certificate's QR from outside?", () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://127.8.9.10',
    'http://10.0.0.5',
    'http://172.16.0.1',
    'http://172.31.255.254',
    'http://192.168.1.20:8080',
    'http://169.254.10.1',
    'http://100.64.0.1',
    'http://0.0.0.0:3000',
    'http://[::1]:3000',
    'http://[fd12:3456::1]',
    'http://[fe80::1]',
    'http://[::ffff:192.168.1.2]',
    'http://servidor:3000',
    'http://rondin.local',
    'http://rondin.lan',
    'http://app.localhost',
    'no es una dirección',
  ])('%s is not', (url) => {
    expect(isPublicAddress(url)).toBe(false);
  });

  it.each([
    'https://rondin.plagas-levante.es',
    'https://rondin.plagas-levante.es:8443',
    'http://83.45.12.7',
    'http://172.32.0.1',
    'http://192.169.0.1',
    'http://[2a01:4f8::1]',
  ])('%s is', (url) => {
    expect(isPublicAddress(url)).toBe(true);
  });
});
