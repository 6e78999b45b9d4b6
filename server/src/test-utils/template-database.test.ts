import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations } from '../database/data-source';
import { migrations } from '../database/migrations';
import { createTestDatabase } from './harness';
import { templateName } from './template-database';

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const appliedMigrations = async (url: string) =>
  (await query<{ name: string }>(url, `SELECT name FROM migrations ORDER BY id`)).map((r) => r.name);

describe('the migrated template of the test databases', () => {
  it('gives copies with every migration applied, so applying them again runs nothing', async () => {
    const db = await createTestDatabase();
    try {
      const expected = migrations.map((m) => m.name);
      expect(await appliedMigrations(db.url)).toEqual(expected);
      await applyMigrations(db.url);
      expect(await appliedMigrations(db.url)).toEqual(expected);
    } finally {
      await db.drop();
    }
  });

  it('is marked a template and closed to connections; its copies are neither', async () => {
    const db = await createTestDatabase();
    try {
      const copy = new URL(db.url).pathname.slice(1);
      const rows = await query<{ datname: string; datistemplate: boolean; datallowconn: boolean }>(
        process.env.TEST_ADMIN_DATABASE_URL!,
        `SELECT datname, datistemplate, datallowconn FROM pg_database WHERE datname = ANY($1) ORDER BY datname`,
        [[templateName(), copy]],
      );
      expect(rows).toEqual(
        [
          { datname: templateName(), datistemplate: true, datallowconn: false },
          { datname: copy, datistemplate: false, datallowconn: true },
        ].sort((a, b) => a.datname.localeCompare(b.datname)),
      );
    } finally {
      await db.drop();
    }
  });

  it('`empty` gives a database without any table', async () => {
    const db = await createTestDatabase({ empty: true });
    try {
      expect(await query(db.url, `SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('is named after the migration files: a new or edited one gives another name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-migraciones-'));
    try {
      fs.writeFileSync(path.join(dir, '1-a.ts'), 'a');
      const first = templateName(dir);
      expect(first).toMatch(/^hemoterapia_template_[0-9a-f]{16}$/);
      expect(templateName(dir)).toBe(first);
      fs.writeFileSync(path.join(dir, '2-b.ts'), 'b');
      const second = templateName(dir);
      expect(second).not.toBe(first);
      fs.writeFileSync(path.join(dir, '2-b.ts'), 'b editada');
      expect(templateName(dir)).not.toBe(second);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
