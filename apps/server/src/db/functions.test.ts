import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import type { DatabaseHandle } from './database.js';
import { compareWithDatabase, databaseObjects, definitionFiles, describeObject, SERVER_FOLDER } from './definitions.js';

/**
 * Every SQL function, view and trigger has one current definition, in a file `sql/<function>.sql` beside the module
 * that owns it (src/db/definitions.ts), so nobody has to chase one through several migrations. The files must say
 * what the migrations built: each is run against the migrated database inside a transaction that is rolled back,
 * and what PostgreSQL keeps must not change; and the database holds nothing they do not define.
 */
const files = definitionFiles();

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the SQL definitions beside the modules', () => {
  it('define every function, view and trigger of the migrated database, each in one file, and nothing else', async () => {
    const defined = files.flatMap((file) => file.objects.map(describeObject));
    const twice = defined.filter((object, index) => defined.indexOf(object) !== index);
    expect(twice, 'defined in more than one file').toEqual([]);
    expect(defined.sort()).toEqual((await databaseObjects(database.db)).map(describeObject).sort());
  });

  it('are each named after a function or view it defines, and listed with their objects in src/db/README.md', () => {
    const map = fs.readFileSync(path.join(SERVER_FOLDER, 'src/db/README.md'), 'utf8');
    for (const file of files) {
      const name = path.basename(file.path, '.sql');
      expect(
        file.objects.some((object) => object.kind !== 'trigger' && object.name === name),
        `${file.path} defines no function or view ${name}`,
      ).toBe(true);
      expect(map, `src/db/README.md does not list ${file.path}`).toContain(file.path.replace(/^src\//, ''));
      for (const object of file.objects) {
        expect(map, `src/db/README.md does not name the ${describeObject(object)}`).toContain(`\`${object.name}\``);
      }
    }
  });

  it.each(files.map((file) => file.path))('%s is what the migrations built', async (filePath) => {
    const file = files.find((candidate) => candidate.path === filePath)!;
    for (const { object, migrated, defined } of await compareWithDatabase(database.db, file)) {
      expect(migrated, `the ${describeObject(object)} does not exist in the migrated database`).not.toBe('');
      expect(
        defined,
        `${file.path} changes the ${describeObject(object)}: write the migration with npm run db:functions -- <name>`,
      ).toBe(migrated);
    }
  });
});
