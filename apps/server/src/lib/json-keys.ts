/**
 * The first key that appears twice in one object of a JSON text, or undefined. JSON.parse keeps the last
 * of two equal keys without a word, so `{"force": false, "force": true}` would mean whatever the last
 * writer chose while a proxy or log reading the first one saw another request: the API refuses it instead.
 * Keys are compared as JSON.parse decodes them ("a" and "\u0061" are the same key). Expects a text
 * JSON.parse has already accepted.
 */
export function findDuplicateKey(json: string): string | undefined {
  // One entry per open object (its keys so far) or array (null); whether the next string is a key.
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (char === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      for (; end < json.length; end++) {
        const c = json.charCodeAt(end);
        if (c === 0x5c /* \ */) {
          escaped = true;
          end++;
        } else if (c === 0x22) break;
      }
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const raw = json.slice(i + 1, end);
        const key = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (char === 0x7b /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (char === 0x5b /* [ */) {
      stack.push(null);
      expectKey = false;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (char === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return undefined;
}
