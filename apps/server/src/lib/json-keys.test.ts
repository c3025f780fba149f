import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './json-keys.js';

describe('findDuplicateKey', () => {
  it('finds none in any JSON that JSON.stringify writes (it never repeats a key)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findDuplicateKey(JSON.stringify(value))).toBeUndefined();
      }),
    );
  });

  it('finds a key repeated in any object, at any depth, however the key is escaped', () => {
    const key = fc.string({ minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.jsonValue(), key, fc.boolean(), fc.integer({ min: 0, max: 3 }), (value, name, escapeIt, depth) => {
        const repeated = escapeIt
          ? `"${[...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`
          : JSON.stringify(name);
        let json = `{${JSON.stringify(name)}:${JSON.stringify(value)},"other":[1,{"x":"}"}],${repeated}:null}`;
        for (let level = 0; level < depth; level++) json = `[{"wrap":${json}, "${level}": "\\"{"}]`;
        expect(JSON.parse(json)).toBeDefined();
        expect(findDuplicateKey(json)).toBe(name);
      }),
    );
  });

  it('does not take equal keys of sibling or nested objects, or strings that look like keys, for repeats', () => {
    expect(findDuplicateKey('{"a":{"a":1},"b":[{"a":2},{"a":3}],"c":"\\"a\\":"}')).toBeUndefined();
    expect(findDuplicateKey('{"a":1,"b":{"c":2},"a":3}')).toBe('a');
  });
});
