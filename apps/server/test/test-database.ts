/**
 * Under DATABASE_URL each test worker gets a database of its own, named from this prefix. The prefix holds the
 * name of DATABASE_URL's own database, so two runs pointed at different databases of one server (two checkouts
 * tested side by side) never drop or share each other's.
 */
export function testDatabasePrefix(url: string): string {
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  return `rondin_test_${base.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_`;
}

/** A test's database of one purpose ('crash', 'multiprocess'…): its name, and the address to open it at. */
export function testDatabaseUrl(url: string, purpose: string): { name: string; url: string } {
  const name = `${testDatabasePrefix(url)}${purpose}`;
  const address = new URL(url);
  address.pathname = `/${name}`;
  return { name, url: address.toString() };
}
