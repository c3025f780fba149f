import { installSpanishErrors } from '@rondin/contracts';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

beforeAll(() => installSpanishErrors());

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', TOKEN_TTL: '12h', TRUST_PROXY: false });
    expect(config.DATA_DIR).toBe(path.resolve('data'));
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: ' ', ADMIN_EMAIL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    const attempt = () =>
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        ADMIN_EMAIL: 'nope',
        CORS_ORIGIN: 'not a url',
        TIME_ZONE: 'Mars/Olympus',
        TOKEN_TTL: 'forever',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_EMAIL', 'CORS_ORIGIN', 'TIME_ZONE', 'TOKEN_TTL']) {
      expect(message).toContain(name);
    }
  });

  it('takes PUBLIC_URL as an http(s) origin, without path, query, fragment or trailing slash', () => {
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://rondin.ejemplo.cl/' }).PUBLIC_URL).toBe('https://rondin.ejemplo.cl');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).PUBLIC_URL).toBe('http://192.168.1.20:3000');
    for (const bad of [
      'rondin.ejemplo.cl',
      'ftp://rondin.ejemplo.cl',
      'https://rondin.ejemplo.cl/?planta=1',
      'https://rondin.ejemplo.cl/#inicio',
      'https://usuario:clave@rondin.ejemplo.cl',
      'https://',
      // The web app is served at the root: a path prefix would print labels that open nothing.
      'https://ejemplo.cl/rondin',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('reads the S3 store settings, and keeps files in the database without S3_BUCKET', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'rondin-archivos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'garage',
        S3_ACCESS_KEY_ID: 'clave',
        S3_SECRET_ACCESS_KEY: 'secreto',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      S3_BUCKET: 'rondin-archivos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'garage',
      S3_ACCESS_KEY_ID: 'clave',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_FORCE_PATH_STYLE: true,
    });
    const minimal = loadConfig({ S3_BUCKET: 'rondin' });
    expect(minimal.S3_FORCE_PATH_STYLE).toBe(false);
    expect(minimal.S3_ENDPOINT).toBeUndefined();
  });

  it('refuses bad S3 settings in Spanish, naming each', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'Mi_Bucket' }, /S3_BUCKET: debe ser un nombre de bucket/],
      [{ S3_BUCKET: 'ab' }, /S3_BUCKET: debe ser un nombre de bucket/],
      [{ S3_BUCKET: 'rondin', S3_ENDPOINT: 's3.ejemplo.cl' }, /S3_ENDPOINT: debe ser una dirección http/],
      [{ S3_BUCKET: 'rondin', S3_ENDPOINT: 'https://clave:secreto@s3.ejemplo.cl' }, /S3_ENDPOINT: debe ser/],
      [{ S3_BUCKET: 'rondin', S3_REGION: 'us east' }, /S3_REGION: debe ser el nombre de una región/],
      [{ S3_BUCKET: 'rondin', S3_FORCE_PATH_STYLE: 'quizás' }, /S3_FORCE_PATH_STYLE: debe ser true o false/],
      [
        { S3_BUCKET: 'rondin', S3_ACCESS_KEY_ID: 'clave' },
        /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas/,
      ],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: no se usa sin S3_BUCKET/],
    ];
    for (const [env, message] of refusals) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('reads the mail server and the sender, and sends no email without them', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: 'smtps://avisos:clave@correo.ejemplo.cl:465',
      MAIL_FROM: 'Rondín <avisos@ejemplo.cl>',
    });
    expect(config.SMTP_URL).toBe('smtps://avisos:clave@correo.ejemplo.cl:465');
    expect(config.MAIL_FROM).toBe('Rondín <avisos@ejemplo.cl>');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'avisos@ejemplo.cl' }).SMTP_URL).toBe(
      'smtp://127.0.0.1:2525',
    );
  });

  it('refuses bad mail settings in Spanish, naming each', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: 'correo.ejemplo.cl:587', MAIL_FROM: 'a@ejemplo.cl' }, /SMTP_URL: debe ser una dirección smtp/],
      [{ SMTP_URL: 'http://correo.ejemplo.cl', MAIL_FROM: 'a@ejemplo.cl' }, /SMTP_URL: debe ser una dirección smtp/],
      [{ SMTP_URL: 'smtp://correo.ejemplo.cl', MAIL_FROM: 'avisos' }, /MAIL_FROM: debe ser un correo/],
      [{ SMTP_URL: 'smtp://correo.ejemplo.cl' }, /MAIL_FROM: SMTP_URL y MAIL_FROM van juntas/],
      [{ MAIL_FROM: 'avisos@ejemplo.cl' }, /SMTP_URL: SMTP_URL y MAIL_FROM van juntas/],
    ];
    for (const [env, message] of refusals) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('reads a comma-separated list of CORS origins', () => {
    expect(loadConfig({ CORS_ORIGIN: 'https://a.example.com, https://b.example.com' }).CORS_ORIGIN).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
  });
});
