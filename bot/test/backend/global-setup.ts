import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/backend/db/migrate';
import { openPostgres } from '../../src/backend/db/postgres';
import { seed } from '../../src/backend/db/seed';
import { pgliteTemplate, templateKey } from './test-kit/template';

/** The PostgreSQL template: a database each test file copies with CREATE DATABASE. */
async function pgTemplate(url: string, key: string): Promise<{ url: string; database: string }> {
  const database = `gebere_tpl_${key}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount) return { url, database };
    const building = `${database}_${process.pid}`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const db = openPostgres({ connectionString: target.toString(), max: 2 });
    await migrate(db);
    await seed(db, { demoData: true });
    await db.close();
    await admin.query(`alter database ${building} rename to ${database}`);
    return { url, database };
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const key = await templateKey();
  project.provide('backendPgliteTemplate', await pgliteTemplate());
  const url = process.env.TEST_DATABASE_URL;
  project.provide('backendPgTemplate', url ? await pgTemplate(url, key) : null);
}
